// render-bench --cal FILE [--frames N]: compiles and runs a CAL scene, then times its frames'
// lowering (Compose) and rasterizing (Render) — the two stages under test — so they can be profiled
// on real scripts under callgrind, which cannot read the release `calc` executable's debug info.
// Prints ms per frame for each stage (medians of --runs passes; thread CPU time as well).

import CalcCore
import Compiler
import DisplayList
import Foundation
import Render
import VM
import CalcSnapshot
import Bytecode

func benchCal(_ path: String, runs: Int, frameLimit: Int) {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("render-bench: cannot read '\(path)'\n".utf8)); exit(1)
    }
    let r = Compiler.compile(SourceFile(name: path, bytes: [UInt8](data)))
    guard let program = r.program else {
        FileHandle.standardError.write(Data("render-bench: '\(path)' does not compile\n".utf8)); exit(1)
    }
    let frames = min(frameLimit, Timeline.frameCount(program.scene))
    guard let verified = try? Verifier.verified(program), let timeline = try? Timeline.run(verified, until: program.scene.duration),
          let scenes = try? (0..<frames).map({ try timeline.presentation(at: timeline.frameTime($0)) }) else {
        FileHandle.standardError.write(Data("render-bench: '\(path)' fails at run time\n".utf8)); exit(1)
    }
    let painter = Painter()
    let renderer = Renderer()
    var fb = Framebuffer(width: 1, height: 1)
    renderer.render(painter.displayList(scenes[0]), images: painter.images, into: &fb)
    var composeMs: [Double] = [], rasterMs: [Double] = [], rasterCPU: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(1, runs) {
        var lists: [DisplayList] = []
        composeMs.append(ms(clock.measure { lists = scenes.map { painter.displayList($0) } }) / Double(frames))
        let c0 = threadCPUms()
        rasterMs.append(ms(clock.measure { for l in lists { renderer.render(l, images: painter.images, into: &fb) } }) / Double(frames))
        rasterCPU.append((threadCPUms() - c0) / Double(frames))
    }
    print("\(path): \(frames) frames: compose \(f(median(composeMs), 3)) ms/frame, raster \(f(median(rasterMs), 3)) ms/frame (thread CPU \(f(median(rasterCPU), 3)))")
}
