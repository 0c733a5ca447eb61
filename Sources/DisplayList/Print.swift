// The display list as stable text (`calc run --emit display`, display-list goldens): one operation a
// line, indented by group and clip depth, numbers rounded to 1/10 000 so the text is the same on
// every machine (a last-bit difference in a transform must not change a golden). Paths print in full
// up to `maxInlineElements` elements; longer ones (stroke outlines, glyph runs) print their element
// count, bounds and a checksum of their rounded coordinates, which still catches any change.

import CalcCore

extension DisplayList {
    /// Paths with more elements than this print as a summary.
    public static let maxInlineElements = 24

    /// The list as text, one operation a line.
    public var text: String {
        var out = "display \(width)x\(height) background \(DisplayList.hex(background))\n"
        var depth = 1
        for op in ops {
            if case .endGroup = op { depth -= 1 }
            if case .popClip = op { depth -= 1 }
            if case .beginMask = op { depth -= 1 }
            out += String(repeating: "  ", count: max(0, depth))
            out += line(op)
            out += "\n"
            if case .sprites(let b) = op { out += spriteLines(b, indent: String(repeating: "  ", count: max(0, depth) + 1)) }
            switch op {
            case .beginGroup, .pushClip, .beginMask: depth += 1
            default: break
            }
        }
        return out
    }

    private func line(_ op: DisplayOp) -> String {
        switch op {
        case .beginGroup(let g):
            var s = "group \(DisplayList.box(g.bounds))"
            if g.opacity != 1 { s += " opacity \(DisplayList.num(g.opacity))" }
            if g.blend != .sourceOver { s += " blend \(g.blend)" }
            if g.masked { s += " masked" }
            if let sh = g.shadow {
                s += " shadow \(DisplayList.hex(sh.color)) offset (\(DisplayList.num(sh.offsetX)), \(DisplayList.num(sh.offsetY))) sigma \(DisplayList.num(sh.sigma))"
            }
            if !g.filters.isEmpty { s += " filters " + DisplayList.filters(g.filters) }
            return s
        case .beginMask:
            return "mask"
        case .endGroup:
            return "end"
        case .pushClip(let c):
            return "clip \(c.rule) \(pathText(c.path)) \(DisplayList.map(c.transform))"
        case .popClip:
            return "unclip"
        case .fill(let f):
            return "fill \(f.rule) \(paintText(f.paint)) \(pathText(f.path)) \(DisplayList.map(f.transform))"
        case .blurredFill(let b):
            return "blurred-fill \(b.rule) \(DisplayList.hex(b.color)) sigma \(DisplayList.num(b.sigma)) \(pathText(b.path)) \(DisplayList.map(b.transform))"
        case .image(let d):
            var s = "image \"\(images.indices.contains(Int(d.image)) ? images[Int(d.image)] : "?")\""
            s += " source \(DisplayList.rect(d.source)) onto \(DisplayList.rect(d.destination))"
            if d.alpha != 1 { s += " alpha \(DisplayList.num(d.alpha))" }
            if d.tint != .white { s += " tint \(DisplayList.hex(d.tint))" }
            if d.sampling != .linear { s += " \(d.sampling)" }
            return s + " " + DisplayList.map(d.transform)
        case .backdrop(let b):
            var s = "backdrop \(DisplayList.filters(b.filters)) \(b.rule) \(pathText(b.path)) \(DisplayList.map(b.transform))"
            if b.alpha != 1 { s += " alpha \(DisplayList.num(b.alpha))" }
            return s
        case .sprites(let b):
            var s = "sprites \(b.sprites.count)"
            if b.blend != .sourceOver { s += " blend \(b.blend)" }
            if b.alpha != 1 { s += " alpha \(DisplayList.num(b.alpha))" }
            return s
        }
    }

    /// A batch's sprites, one a line, when there are at most `maxInlineElements`; otherwise one line
    /// with the images used, the device box of the placements' origins and a checksum of every
    /// sprite's rounded line (which still catches any change).
    private func spriteLines(_ b: SpriteBatch, indent: String) -> String {
        func one(_ s: Sprite) -> String {
            let name = images.indices.contains(Int(s.image)) ? images[Int(s.image)] : "?"
            let m = s.placement
            return "sprite \"\(name)\" source \(DisplayList.rect(s.source)) tint \(DisplayList.hex(s.tint)) "
                + "[" + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(DisplayList.num).joined(separator: " ") + "]" + filters(s)
        }
        // the filters when not the defaults (linear, linear, no bias), so older listings read the same
        func filters(_ s: Sprite) -> String {
            var f = ""
            if s.minFilter != .linear { f += " min \(s.minFilter)" }
            if s.magFilter != .linear { f += " mag \(s.magFilter)" }
            if s.minBias != 0 { f += " bias \(DisplayList.num(s.minBias))" }
            return f
        }
        if b.sprites.count <= DisplayList.maxInlineElements {
            return b.sprites.map { indent + one($0) + "\n" }.joined()
        }
        var hash: UInt32 = 2166136261
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var names: [String] = []
        for s in b.sprites {
            for c in one(s).utf8 { hash = (hash ^ UInt32(c)) &* 16777619 }
            x0 = min(x0, s.placement.tx); y0 = min(y0, s.placement.ty)
            x1 = max(x1, s.placement.tx); y1 = max(y1, s.placement.ty)
            let name = images.indices.contains(Int(s.image)) ? images[Int(s.image)] : "?"
            if !names.contains(name) { names.append(name) }
        }
        let hex = String(hash, radix: 16)
        let box = x0 <= x1 ? "(\(DisplayList.num(x0)), \(DisplayList.num(y0)))-(\(DisplayList.num(x1)), \(DisplayList.num(y1)))" : "empty"
        return indent + "{\(b.sprites.count) sprites of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
            + " placed in \(box) #\(String(repeating: "0", count: 8 - hex.count) + hex)}\n"
    }

    /// A filter chain: `[gaussianBlur sigma (SX, SY), bloom sigma (SX, SY) intensity K,
    /// colorControls saturation S brightness B contrast C, posterize levels L]`.
    static func filters(_ fs: [Filter]) -> String {
        "[" + fs.map { f -> String in
            switch f {
            case .gaussianBlur(let sx, let sy): return "gaussianBlur sigma (\(num(sx)), \(num(sy)))"
            case .bloom(let sx, let sy, let k): return "bloom sigma (\(num(sx)), \(num(sy))) intensity \(num(k))"
            case .colorControls(let s, let b, let c):
                return "colorControls saturation \(num(s)) brightness \(num(b)) contrast \(num(c))"
            case .posterize(let n): return "posterize levels \(num(n))"
            }
        }.joined(separator: ", ") + "]"
    }

    private func paintText(_ p: Paint) -> String {
        switch p {
        case .solid(let c): return DisplayList.hex(c)
        case .gradient(let i):
            guard gradients.indices.contains(Int(i)) else { return "gradient ?" }
            let g = gradients[Int(i)]
            let stops = g.stops.map { "\(DisplayList.num($0.location)) \(DisplayList.hex($0.color))" }.joined(separator: ", ")
            let m = g.space
            return "\(g.type) [\(stops)] space [\([m.a, m.b, m.c, m.d, m.tx, m.ty].map(DisplayList.num).joined(separator: " "))]"
        }
    }

    private func pathText(_ ref: PathRef) -> String {
        let els = path(ref)
        if els.count <= DisplayList.maxInlineElements {
            return "{" + els.map(DisplayList.element).joined(separator: " ") + "}"
        }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var hash: UInt32 = 2166136261
        for e in els {
            for b in DisplayList.element(e).utf8 { hash = (hash ^ UInt32(b)) &* 16777619 }
            for p in DisplayList.points(e) {
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
        }
        let hex = String(hash, radix: 16)
        let box = x0 <= x1 ? "(\(DisplayList.num(x0)), \(DisplayList.num(y0)))-(\(DisplayList.num(x1)), \(DisplayList.num(y1)))" : "empty"
        return "{\(els.count) elements in \(box) #\(String(repeating: "0", count: 8 - hex.count) + hex)}"
    }

    static func element(_ e: PathElement) -> String {
        switch e {
        case .move(let p): return "M \(pt(p))"
        case .line(let p): return "L \(pt(p))"
        case .quad(let c, let p): return "Q \(pt(c)) \(pt(p))"
        case .cubic(let a, let b, let p): return "C \(pt(a)) \(pt(b)) \(pt(p))"
        case .arc(let c, let r, let s, let w):
            return "A \(pt(c)) \(num(r)) \(num(s * 180 / .pi))° \(num(w * 180 / .pi))°"
        case .close: return "Z"
        }
    }

    static func points(_ e: PathElement) -> [Point] {
        switch e {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let a, let b, let p): return [a, b, p]
        case .arc(let c, let r, _, _): return [Point(c.x - r, c.y - r), Point(c.x + r, c.y + r)]
        case .close: return []
        }
    }

    static func pt(_ p: Point) -> String { "\(num(p.x)) \(num(p.y))" }

    static func rect(_ r: Rect) -> String {
        "(\(num(r.origin.x)), \(num(r.origin.y)), \(num(r.size.width)), \(num(r.size.height)))"
    }

    static func box(_ b: IRect) -> String { "(\(b.x0), \(b.y0))-(\(b.x1), \(b.y1))" }

    /// A map as its six affine entries, or all nine when it has perspective.
    static func map(_ m: Projective) -> String {
        if m.isAffine {
            return "[" + [m.m11, m.m12, m.m21, m.m22, m.m31, m.m32].map(num).joined(separator: " ") + "]"
        }
        return "[" + [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33].map(num).joined(separator: " ") + "]"
    }

    /// A number rounded to 1/10 000, without trailing zeros ("-0" prints as "0").
    public static func num(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        let scaled = (v * 10_000).rounded()
        guard abs(scaled) < 1e15 else { return String(v) }
        var n = Int64(scaled)
        if n == 0 { return "0" }
        let negative = n < 0
        n = abs(n)
        let whole = n / 10_000, frac = n % 10_000
        var s = String(whole)
        if frac != 0 {
            var f = String(frac)
            f = String(repeating: "0", count: 4 - f.count) + f
            while f.hasSuffix("0") { f.removeLast() }
            s += "." + f
        }
        return negative ? "-" + s : s
    }

    /// A colour as #rrggbbaa of its straight components rounded to bytes.
    public static func hex(_ c: Color) -> String {
        func b(_ v: Double) -> String {
            let x = Int((max(0, min(1, v.isNaN ? 0 : v)) * 255).rounded())
            let h = String(x, radix: 16)
            return x < 16 ? "0" + h : h
        }
        return "#" + b(c.r) + b(c.g) + b(c.b) + b(c.a)
    }
}
