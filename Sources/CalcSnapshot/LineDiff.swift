// A line diff in the unified format (`@@ -a,n +b,m @@`, three lines of context), for showing how a
// text snapshot (disassembly, diagnostics) differs from what calc produces now. Myers' O((N+M)·D)
// greedy algorithm on the lines left after trimming the common prefix and suffix — a changed
// constant in a listing is a handful of lines, so D is tiny. The trace keeps only the live diagonals
// of each round (O(D²) integers); past `maxEditCost` edits the middle is shown as removed and re-added
// rather than spending quadratic memory on two unrelated texts. Written here to add no dependency.

/// Line-based differences between two texts, printed in the unified format.
public enum LineDiff {
    /// One step of an edit script: a line kept, removed from the old text or added from the new.
    public enum Edit: Equatable, Sendable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// Beyond this many inserted plus deleted lines the differing middle is replaced wholesale.
    public static let maxEditCost = 2_000

    /// The lines of `text`, each with its `\n` (the last one may lack it), so a missing final newline
    /// is a difference like any other.
    static func lines(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i] == "\n" {
                out.append(text[start..<next])
                start = next
            }
            i = next
        }
        if start < text.endIndex { out.append(text[start...]) }
        return out
    }

    /// A shortest edit script turning `a` into `b` (or a valid, longer one past `maxEditCost`).
    public static func edits<T: Equatable>(_ a: [T], _ b: [T], maxCost: Int = maxEditCost) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let n = a.count - prefix - suffix, m = b.count - prefix - suffix

        var out: [Edit] = (0..<prefix).map { .keep(old: $0, new: $0) }
        out += middle(a, b, from: prefix, n: n, m: m, maxCost: maxCost)
        out += (0..<suffix).map { .keep(old: a.count - suffix + $0, new: b.count - suffix + $0) }
        return out
    }

    /// Myers on a[off ..< off+n] against b[off ..< off+m].
    static func middle<T: Equatable>(_ a: [T], _ b: [T], from off: Int, n: Int, m: Int, maxCost: Int) -> [Edit] {
        let wholesale: [Edit] = (0..<n).map { .delete(old: off + $0) } + (0..<m).map { .insert(new: off + $0) }
        if n == 0 || m == 0 { return wholesale }
        let maxD = n + m
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []          // trace[d][k + d] = furthest x on diagonal k after round d
        var finalD = -1
        rounds: for d in 0...maxD {
            if d > maxCost { return wholesale }
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[off + x] == b[off + y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m {
                    trace.append(Array(v[(offset - d)...(offset + d)]))
                    finalD = d
                    break rounds
                }
            }
            trace.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard finalD >= 0 else { return wholesale }

        // walk back from (n, m), collecting the script in reverse
        var rev: [Edit] = []
        var x = n, y = m
        for d in stride(from: finalD, through: 1, by: -1) {
            let prev = trace[d - 1]                      // diagonals -(d-1)...(d-1)
            func at(_ k: Int) -> Int { prev[k + d - 1] }
            let k = x - y
            let prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let prevX = at(prevK), prevY = prevX - prevK
            while x > prevX && y > prevY {
                x -= 1; y -= 1
                rev.append(.keep(old: off + x, new: off + y))
            }
            if x == prevX { rev.append(.insert(new: off + prevY)) } else { rev.append(.delete(old: off + prevX)) }
            x = prevX; y = prevY
        }
        while x > 0 && y > 0 {
            x -= 1; y -= 1
            rev.append(.keep(old: off + x, new: off + y))
        }
        return rev.reversed()
    }

    /// The unified diff of two texts with `context` lines around each change, headed by
    /// `--- oldName` and `+++ newName`; nil when the texts are equal.
    public static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String? {
        if old == new { return nil }
        let a = lines(old), b = lines(new)
        let script = edits(a, b)
        // oldPos[j], newPos[j]: lines of each side consumed before edit j
        var oldPos = [Int](repeating: 0, count: script.count + 1), newPos = oldPos
        for (j, e) in script.enumerated() {
            switch e {
            case .keep: oldPos[j + 1] = oldPos[j] + 1; newPos[j + 1] = newPos[j] + 1
            case .delete: oldPos[j + 1] = oldPos[j] + 1; newPos[j + 1] = newPos[j]
            case .insert: oldPos[j + 1] = oldPos[j]; newPos[j + 1] = newPos[j] + 1
            }
        }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        let changes = script.indices.filter { if case .keep = script[$0] { return false } else { return true } }
        var i = 0
        while i < changes.count {
            // changes with at most 2 × context kept lines between them share a hunk
            var last = i
            while last + 1 < changes.count, changes[last + 1] - changes[last] <= 2 * context + 1 { last += 1 }
            let lo = max(0, changes[i] - context), hi = min(script.count - 1, changes[last] + context)
            let oldCount = oldPos[hi + 1] - oldPos[lo], newCount = newPos[hi + 1] - newPos[lo]
            out += "@@ -\(range(oldPos[lo], oldCount)) +\(range(newPos[lo], newCount)) @@\n"
            for e in script[lo...hi] {
                switch e {
                case .keep(let o, _): out += line(" ", a[o])
                case .delete(let o): out += line("-", a[o])
                case .insert(let n): out += line("+", b[n])
                }
            }
            i = last + 1
        }
        return out
    }

    /// `start,count` as diff(1) prints it: 1-based, `,1` omitted, and an empty range numbered by
    /// the line before it (0 at the top of the file).
    static func range(_ consumedBefore: Int, _ count: Int) -> String {
        if count == 0 { return "\(consumedBefore),0" }
        return count == 1 ? "\(consumedBefore + 1)" : "\(consumedBefore + 1),\(count)"
    }

    static func line(_ mark: Character, _ s: Substring) -> String {
        s.hasSuffix("\n") ? String(mark) + s : String(mark) + s + "\n\\ No newline at end of file\n"
    }
}
