// Emitter layers through the whole VM: compile time of Samples/kinds/emitter.cal, the timeline run
// (which builds every emitter's configuration history), and the presentation tree of one frame of
// an emitter with about 1 000 live particles — steady, and with a cell property animated for the
// whole scene (a history sampled at every frame time). Release build; run.sh builds and links it.

import Foundation
import CalcCore
import Bytecode
import Compiler
import VM

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var out = Double.infinity
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try body()
        out = min(out, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    return out
}

func program(_ src: String) -> Program {
    guard let p = Compiler.compile(SourceFile(name: "bench.cal", text: src)).program else { fatalError("bench source does not compile") }
    return p
}

let sample = try String(contentsOfFile: "Samples/kinds/emitter.cal", encoding: .utf8)
let compileMs = best(50) { _ = Compiler.compile(SourceFile(name: "emitter.cal", text: sample)) }
print("compile Samples/kinds/emitter.cal: \(String(format: "%.3f", compileMs)) ms, \(BytecodeWriter.encode(program(sample)).count) bytes")

func scene(_ extra: String) -> String {
    """
    scene { size: (256, 256) fps: 30 duration: 10s }
    layer e: emitter {
        emitterPosition: (128, 200)  emitterShape: .rectangle  emitterMode: .surface  emitterSize: (100, 20)  seed: 7
        cell spark {
            birthRate: 500  lifetime: 2s  lifetimeRange: 0.5s  velocity: 80  velocityRange: 20
            emissionLongitude: -90deg  emissionRange: 40deg  yAcceleration: 60
            color: #ffcc00  greenRange: 0.3  alphaSpeed: -0.3  scale: 0.5  scaleRange: 0.2  spin: 1rad  spinRange: 1rad
        }
        \(extra)
    }
    """
}

for (name, extra) in [("steady", ""),
                      ("animated", "animations { g: basic { keyPath: emitterCells.spark.greenSpeed  from: -1  to: 3  duration: 4s  autoreverses: true  repeatCount: infinity } }")] {
    let p = program(scene(extra))
    var tl: Timeline?
    let runMs = try best(5) { tl = try Timeline.run(p, until: 10) }
    guard let tl else { fatalError() }
    var count = 0
    let frameMs = try best(20) {
        let s = try tl.presentation(at: 9.5)
        count = s.root.sublayers.first?.emitter?.particles.count ?? 0
    }
    print("\(name): timeline run (with history) \(String(format: "%.2f", runMs)) ms; presentation at 9.5 s: \(count) particles in \(String(format: "%.3f", frameMs)) ms")
}
