// Bounds on the memory a script's values take (issue 13): the step budget bounds time, not memory,
// and `s = s + s` forty times asks for a terabyte. Each limit ends the run with a runtime error
// naming the handler and line (docs/cli.md, "Limits"). All of it is deterministic: it depends on
// what the program does, never on the machine's memory.

import CalcCore
import Bytecode

public struct HeapLimits: Sendable {
    /// The longest string, in UTF-8 bytes (16 MiB).
    public var maxStringBytes = 1 << 24
    /// The most elements an array, or a path, may have (8 Mi: 4 million appends is a benchmark).
    public var maxArrayCount = 1 << 23
    /// The most layers a program may create.
    public var maxLayers = 100_000
    /// What strings, arrays, paths and layers may hold in all, estimated (`calc run --memory-limit`).
    public var budget = 1 << 30

    /// `calc run`'s limits; tests lower them to stay cheap.
    public static let standard = HeapLimits()
    public init(maxStringBytes: Int = 1 << 24, maxArrayCount: Int = 1 << 23, maxLayers: Int = 100_000, budget: Int = 1 << 30) {
        self.maxStringBytes = maxStringBytes; self.maxArrayCount = maxArrayCount; self.maxLayers = maxLayers; self.budget = budget
    }

    /// Bytes made between two measurements of what is live, at least (a measurement walks the live
    /// values; spacing them by what was made keeps their cost proportional to the work done).
    static let minimumCheckInterval = 32 << 20
    /// Estimated bytes of one layer: its record and its own copy of the property values.
    static let layerBytes = 256 + LayerProperties.count * MemoryLayout<Value>.stride

    static func mebibytes(_ n: Int) -> String { n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\(n) bytes" }
}

/// Estimates the bytes behind values: string, array and path storage (counted once however many
/// values share it) and, for arrays, what their elements hold.
struct HeapMeter {
    var seen = Set<UnsafeRawPointer>()
    var bytes = 0

    mutating func add(_ v: Value) {
        switch v {
        case .string(let s):
            let n = s.utf8.count
            guard n > 15 else { return }   // small strings live inside the value
            if let p = s.utf8.withContiguousStorageIfAvailable({ UnsafeRawPointer($0.baseAddress) }), let p {
                guard seen.insert(p).inserted else { return }
            }
            bytes += n + 32
        case .array(let xs):
            guard !xs.isEmpty else { return }
            let p = xs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if let p { guard seen.insert(p).inserted else { return } }
            bytes += xs.count * MemoryLayout<Value>.stride + 32
            for x in xs {
                switch x {
                case .string, .array, .path: add(x)
                default: break
                }
            }
        case .path(let path):
            guard !path.elements.isEmpty else { return }
            let p = path.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if let p { guard seen.insert(p).inserted else { return } }
            bytes += path.elements.count * MemoryLayout<BezierPath.Element>.stride + 32
        default: return
        }
    }
}

extension Machine {
    /// Checks a string, array or path the program just made against its own limit, and counts it
    /// towards the next measurement of the heap.
    @inline(never)
    func made(_ v: Value) throws(RuntimeError) {
        let size: Int
        switch v {
        case .string(let s):
            let n = s.utf8.count
            if n > heap.maxStringBytes {
                throw fail("a string of \(n) bytes is longer than the limit of \(HeapLimits.mebibytes(heap.maxStringBytes))")
            }
            size = n
        case .array(let xs):
            if xs.count > heap.maxArrayCount {
                throw fail("an array of \(xs.count) elements is longer than the limit of \(heap.maxArrayCount)")
            }
            size = xs.count * MemoryLayout<Value>.stride
        case .path(let p):
            if p.elements.count > heap.maxArrayCount {
                throw fail("a path of \(p.elements.count) elements is longer than the limit of \(heap.maxArrayCount)")
            }
            size = p.elements.count * MemoryLayout<BezierPath.Element>.stride
        default: return
        }
        try allocated(size)
    }

    /// Counts `bytes` made; past the next checkpoint, measures what is live and fails over budget.
    func allocated(_ bytes: Int) throws(RuntimeError) {
        madeSinceCheck &+= bytes
        guard madeSinceCheck >= nextHeapCheck else { return }
        let live = liveHeapBytes()
        if live > heap.budget {
            throw fail("the program's strings, arrays and layers take about \((live + (1 << 20) - 1) >> 20) MiB, more than the memory limit of \(HeapLimits.mebibytes(heap.budget)) (raise it with --memory-limit)")
        }
        madeSinceCheck = 0
        nextHeapCheck = max(min(HeapLimits.minimumCheckInterval, heap.budget / 8), min(live, heap.budget - live))
    }

    /// Estimated bytes of everything the running program can reach: globals, layers and their
    /// property values, and the registers of the calls in progress.
    func liveHeapBytes() -> Int {
        var meter = HeapMeter()
        for g in world.globals { meter.add(g) }
        for l in world.layers { for v in l.props { meter.add(v) } }
        for i in 0..<regs.top { meter.add(regs.base[i]) }
        return meter.bytes + world.layers.count * HeapLimits.layerBytes
    }
}

/// What each world the timeline keeps costs beyond the worlds kept before it (docs/cli.md,
/// "Limits"): a snapshot shares storage with the live world until either changes, so each instant
/// pays for the layer and global arrays copied by the first change after it, the property arrays
/// of the layers that changed, and the strings, arrays and paths in globals and properties that
/// are new since the last snapshot (their storage is remembered, so an unchanged array is counted
/// once). The old fixed estimate (2.5 KB + 120 B a layer) missed the last three: a timeline that
/// changed layers or grew arrays at every instant peaked at 3.3 GB under a 2 GiB budget.
struct SnapshotMeter {
    var heap = HeapMeter()
    /// Per layer, the storage of its property array in the last world measured.
    var lastProps: [UnsafeRawPointer?] = []

    static let fixedBytes = 2_500
    static let layerRecordBytes = MemoryLayout<LayerRecord>.stride
    static let propsBytes = 32 + (LayerProperties.count + 8) * MemoryLayout<Value>.stride

    /// Bytes the snapshot of `world` adds to those already kept.
    mutating func bytes(of world: World) -> Int {
        let before = heap.bytes
        var total = SnapshotMeter.fixedBytes + world.layers.count * SnapshotMeter.layerRecordBytes
            + world.globals.count * MemoryLayout<Value>.stride
        if lastProps.count < world.layers.count { lastProps += Array(repeating: nil, count: world.layers.count - lastProps.count) }
        for (i, l) in world.layers.enumerated() {
            let p = l.props.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if p != lastProps[i] {
                lastProps[i] = p
                total += 32 + l.props.count * MemoryLayout<Value>.stride
                for v in l.props { heap.add(v) }
                total += (l.animations.count + l.sublayers.count) * 64
            }
        }
        for g in world.globals { heap.add(g) }
        return total + heap.bytes - before
    }
}
