// Prebuilt presentation layers, one table per world snapshot. Building a PresentationLayer (some
// 1 200 bytes, 40 values read and converted) cost as much as evaluating its layer's two animations
// in cards2000, and a layer without animations paid it all every frame. A layer whose fields
// depend on the frame only through a few animated key paths is built once from its model values;
// each frame copies it and writes the animated fields over the copy. The tables are immutable once
// made and read by any number of render threads.

import Foundation
import CalcCore

/// One world snapshot's prebuilt layers: layer l's is `layers[index[l]]`, built from its model
/// values; `index[l]` is -1 when its presentation needs the full build (bound expressions, a text
/// or emitter layer, a group or rotationMode animation, more than four animations, or an
/// animation of a property outside `Presenter.fastFields`).
final class PresentationTemplates: Sendable {
    let index: [Int32]
    let layers: [PresentationLayer]

    init(index: [Int32], layers: [PresentationLayer]) { self.index = index; self.layers = layers }

    /// Initializes `out` with a copy of layer l's template; false (leaving `out` uninitialized)
    /// when it has none. (Straight from the array's storage: reading the element into a local and
    /// then initializing from it copied the 1 200-byte layer twice and destroyed one copy.)
    @inline(__always)
    func copy(_ l: Int32, into out: UnsafeMutablePointer<PresentationLayer>) -> Bool {
        let k = Int(index[Int(l)])
        guard k >= 0 else { return false }
        return layers.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, k < buffer.count else { return false }
            out.initialize(from: base + k, count: 1)
            return true
        }
    }

    /// The table for `world`: every layer whose presentation is its template with its animations'
    /// fields written over it.
    static func make(image: Image, world: World) -> PresentationTemplates {
        let presenter = Presenter(image: image, world: world)
        var index: [Int32] = []
        var layers: [PresentationLayer] = []
        index.reserveCapacity(world.layers.count)
        let slot = UnsafeMutablePointer<PresentationLayer>.allocate(capacity: 1)
        defer { slot.deallocate() }
        for l in world.layers.indices {
            guard eligible(world.layers[l]) else { index.append(-1); continue }
            presenter.fill(Int32(l), from: PropsView(base: world.layers[l].props), localTime: 0, into: slot)
            index.append(Int32(layers.count))
            layers.append(slot.move())
        }
        return PresentationTemplates(index: index, layers: layers)
    }

    /// Whether a layer's presentation is its model layer with its animations' fields written over
    /// it: no bindings, not text (natural size) or an emitter (its particles depend on time), and
    /// at most four single-slot animations (so a PropsView keeps them all as overrides), each of a
    /// field `Presenter.setField` writes, or a transition (which writes no values).
    static func eligible(_ r: LayerRecord) -> Bool {
        guard r.bindings.isEmpty, r.kind != .text, r.kind != .emitter, r.animations.count <= 4 else { return false }
        for a in r.animations {
            let o = a.object
            if o.kind == .transition { continue }
            guard o.isSingleSlot, Presenter.fastFields.contains(o.keyPath.property) else { return false }
        }
        return true
    }
}

/// A timeline's template tables, made lazily: a snapshot's table on the second frame presented
/// from it (a snapshot shown in one frame only would pay for its table and not use it), within a
/// memory budget. Locked, as render threads present frames concurrently.
final class TemplateCache: @unchecked Sendable {
    /// The bytes all tables may hold by default (the templates' inline size; 1 224 bytes a layer).
    static let defaultBudget = 48 << 20
    let budget: Int
    private let lock = NSLock()
    private var tables: [Int: PresentationTemplates] = [:]
    private var uses: [Int: Int] = [:]
    private var bytes = 0

    init(budget: Int = TemplateCache.defaultBudget) { self.budget = budget }

    /// Whether any table was made (for tests).
    var madeAny: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !tables.isEmpty
    }

    /// The table of snapshot `index`, made now on its second use; nil on the first use or once the
    /// budget is spent.
    func templates(_ index: Int, image: Image, world: World) -> PresentationTemplates? {
        lock.lock()
        defer { lock.unlock() }
        if let t = tables[index] { return t }
        let n = (uses[index] ?? 0) + 1
        uses[index] = n
        let size = world.layers.count * MemoryLayout<PresentationLayer>.stride
        guard n >= 2, bytes + size <= budget else { return nil }
        let t = PresentationTemplates.make(image: image, world: world)
        tables[index] = t
        bytes += size
        return t
    }
}

extension Presenter {
    /// The properties whose animations `setField` writes into a template's copy.
    static let fastFields: Set<UInt16> = [
        LayerProperties.bounds, LayerProperties.position, LayerProperties.anchorPoint, LayerProperties.anchorPointZ,
        LayerProperties.zPosition, LayerProperties.transform, LayerProperties.sublayerTransform, LayerProperties.opacity,
        LayerProperties.hidden, LayerProperties.masksToBounds, LayerProperties.doubleSided,
        LayerProperties.backgroundColor, LayerProperties.cornerRadius, LayerProperties.borderWidth,
        LayerProperties.borderColor, LayerProperties.shadowColor, LayerProperties.shadowOpacity,
        LayerProperties.shadowOffset, LayerProperties.shadowRadius,
    ]

    /// Writes property slot `slot`'s value into its field, as `fill` converts it (the same
    /// fallbacks to the catalogue's defaults).
    @inline(__always)
    static func setField(_ slot: Int, _ v: Value, in out: UnsafeMutablePointer<PresentationLayer>) {
        switch UInt16(truncatingIfNeeded: slot) {
        case LayerProperties.position: out.pointee.position = v.point ?? PropertyDefault.point(LayerProperties.position)
        case LayerProperties.transform: out.pointee.transform = v.transform ?? PropertyDefault.transform(LayerProperties.transform)
        case LayerProperties.opacity: out.pointee.opacity = v.number ?? PropertyDefault.number(LayerProperties.opacity)
        case LayerProperties.bounds: out.pointee.bounds = v.rect ?? PropertyDefault.rect(LayerProperties.bounds)
        case LayerProperties.anchorPoint: out.pointee.anchorPoint = v.point ?? PropertyDefault.point(LayerProperties.anchorPoint)
        case LayerProperties.anchorPointZ: out.pointee.anchorPointZ = v.number ?? PropertyDefault.number(LayerProperties.anchorPointZ)
        case LayerProperties.zPosition: out.pointee.zPosition = v.number ?? PropertyDefault.number(LayerProperties.zPosition)
        case LayerProperties.sublayerTransform:
            out.pointee.sublayerTransform = v.transform ?? PropertyDefault.transform(LayerProperties.sublayerTransform)
        case LayerProperties.hidden: out.pointee.hidden = v.bool ?? PropertyDefault.bool(LayerProperties.hidden)
        case LayerProperties.masksToBounds: out.pointee.masksToBounds = v.bool ?? PropertyDefault.bool(LayerProperties.masksToBounds)
        case LayerProperties.doubleSided: out.pointee.doubleSided = v.bool ?? PropertyDefault.bool(LayerProperties.doubleSided)
        case LayerProperties.backgroundColor:
            out.pointee.backgroundColor = v.color ?? PropertyDefault.color(LayerProperties.backgroundColor)
        case LayerProperties.cornerRadius: out.pointee.cornerRadius = v.number ?? PropertyDefault.number(LayerProperties.cornerRadius)
        case LayerProperties.borderWidth: out.pointee.borderWidth = v.number ?? PropertyDefault.number(LayerProperties.borderWidth)
        case LayerProperties.borderColor: out.pointee.borderColor = v.color ?? PropertyDefault.color(LayerProperties.borderColor)
        case LayerProperties.shadowColor: out.pointee.shadow.color = v.color ?? PropertyDefault.color(LayerProperties.shadowColor)
        case LayerProperties.shadowOpacity: out.pointee.shadow.opacity = v.number ?? PropertyDefault.number(LayerProperties.shadowOpacity)
        case LayerProperties.shadowOffset: out.pointee.shadow.offset = v.size ?? PropertyDefault.size(LayerProperties.shadowOffset)
        case LayerProperties.shadowRadius: out.pointee.shadow.radius = v.number ?? PropertyDefault.number(LayerProperties.shadowRadius)
        default: break   // (not in fastFields: a layer animating it has no template)
        }
    }
}
