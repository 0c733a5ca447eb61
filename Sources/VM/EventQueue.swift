// The timeline's pending events, earliest first: a binary min-heap ordered by (time, sequence
// number), so the order is the one a full scan for the minimum gave — time order, and at one time
// the order in which the events were scheduled — at O(log n) an event instead of O(n). A scene
// with thousands of `every` handlers pending at once scanned them all for every event it fired.

struct EventQueue {
    private var heap: [ScheduledEvent] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    /// The earliest event (the one scheduled first among those at the earliest time).
    var first: ScheduledEvent? { heap.first }

    @inline(__always)
    private static func before(_ a: ScheduledEvent, _ b: ScheduledEvent) -> Bool {
        a.time < b.time || (a.time == b.time && a.seq < b.seq)
    }

    mutating func push(_ e: ScheduledEvent) {
        heap.append(e)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.before(heap[i], heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    /// Removes and returns the earliest event.
    mutating func popFirst() -> ScheduledEvent? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let e = heap.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, Self.before(heap[l], heap[m]) { m = l }
            if r < heap.count, Self.before(heap[r], heap[m]) { m = r }
            guard m != i else { break }
            heap.swapAt(i, m)
            i = m
        }
        return e
    }
}
