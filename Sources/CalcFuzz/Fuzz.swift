// libFuzzer targets (issue 13): built only by scripts/fuzz.sh (CALC_FUZZ=1 adds this target to the
// package, compiled with -sanitize=fuzzer,address and -parse-as-library, so libFuzzer supplies
// `main`). One binary, four targets, chosen by CALC_FUZZ_TARGET:
//   source — bytes as a .cal source → diagnostics (rendered, capped)
//   run    — bytes as a .cal source → bytecode → verify → timeline → one frame rendered (small)
//   calb   — bytes as a .calb file → decode + verify → timeline → one frame rendered (small)
//   image  — bytes as an image file → PNG/PPM decoder
// Resource bounds are part of the oracle: the script runs libFuzzer with -rss_limit_mb and
// -timeout, and the targets lower the VM's limits so a legitimate input stays well inside them.

import CalcCore
import Compiler
import Bytecode
import VM
import Render
import CalcSnapshot
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

enum Target: String { case source, run, calb, image }

nonisolated(unsafe) var target = Target.source

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    if let name = getenv("CALC_FUZZ_TARGET"), let t = Target(rawValue: String(cString: name)) { target = t }
    return 0
}

/// SwiftPM links an executable's `main` to `<module>_main`; libFuzzer's own `main` is then not
/// used, so this entry point hands the command line to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("calc_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var c = argc
    var v = argv
    return runDriver(&c, &v, { data, count in testOneInput(data, count) })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    switch target {
    case .source:
        let file = SourceFile(name: "fuzz.cal", bytes: bytes)
        _ = Diagnostic.renderCapped(Compiler.compile(file).diagnostics, in: file)
    case .run:
        let result = Compiler.compile(SourceFile(name: "fuzz.cal", bytes: bytes))
        guard let program = result.program, !result.hasErrors else { return 0 }
        // the compiler's output must verify: a failure here is a compiler bug, reported as a crash
        guard let verified = try? Verifier.verified(program) else { fatalError("compiler output fails verification") }
        runOneFrame(verified)
    case .calb:
        // the length field and CRC are set to match, as a tool that writes .calb files would: a
        // mutation is then judged by the decoder and the verifier, not turned away by the checksum
        guard let verified = try? BytecodeReader.load(withChecksum(bytes)) else { return 0 }
        runOneFrame(verified)
    case .image:
        _ = try? ImageDecoder.decode(bytes)
    }
    return 0
}

/// The timeline up to half a second (small step, heap and snapshot budgets) and its first frame at
/// no more than 64 pixels a side.
func runOneFrame(_ verified: VerifiedProgram) {
    var scene = verified.scene
    let side = max(scene.size.width, scene.size.height) * scene.scale
    if side > 64 { scene.scale *= 64 / side }
    guard let small = try? verified.withScene(scene) else { return }
    let limits = HeapLimits(maxStringBytes: 1 << 16, maxArrayCount: 1 << 14, maxLayers: 2_000, budget: 64 << 20)
    guard let timeline = try? Timeline.run(small, until: min(scene.duration, 0.5), stepBudget: 200_000,
                                           snapshotBudget: 64 << 20, eventBudget: 20_000, heap: limits),
          let frame = try? timeline.presentation(at: 0) else { return }
    var fb = Framebuffer(width: 1, height: 1)
    Painter().render(frame, with: Renderer(), into: &fb)
}

/// `bytes` with the header's length field (offset 20) and the trailing CRC-32 made to match.
func withChecksum(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 28 else { return bytes }
    var b = bytes
    let n = UInt32(truncatingIfNeeded: b.count)
    for i in 0..<4 { b[20 + i] = UInt8(truncatingIfNeeded: n >> UInt32(8 * i)) }
    var crc = CRC32()
    crc.update(b[0..<(b.count - 4)])
    let v = crc.value
    for i in 0..<4 { b[b.count - 4 + i] = UInt8(truncatingIfNeeded: v >> UInt32(8 * i)) }
    return b
}
