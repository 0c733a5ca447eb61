// `calc values`: the numbers behind the frames, as JSON — presentation values (and, with --model,
// model values) of layers at chosen instants. The timeline runs once; each instant is then a pure
// function of it, so thousands of instants cost one presentation walk each and nothing is drawn.

import ArgumentParser
import CalcCore
import Bytecode
import VM
import CalcSnapshot

struct Values: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "values",
        abstract: "Print layers' presentation (and model) values at chosen times as JSON.",
        discussion: """
        One object per instant: its time (and frame), then each layer's values by key path. Without \
        --key, every animatable property that differs from its default; without --layer, every \
        layer in the tree but the root.
        """)

    @Argument(help: "A .cal source or .calb bytecode file.") var file: String
    @Option(help: "Times, comma-separated (e.g. 0,0.5s,250ms).") var times: String?
    @Option(help: "Frames: N, A..B (inclusive) or A..<B, at the scene's fps.") var frames: String?
    @Option(name: .customLong("layer"), help: "A layer by name (repeatable; default: all but the root).") var layers: [String] = []
    @Option(name: .customLong("key"), help: "A key path such as position.x (repeatable; default: what differs from its default).") var keys: [String] = []
    @Flag(help: "Also print model values (what the layer's properties hold, before animations).") var model = false
    @Option(name: .shortAndLong, help: "Write the JSON to this file instead of stdout.") var output: String?
    @Flag(name: .shortAndLong, help: "Print errors only, no warnings.") var quiet = false

    func validate() throws {
        if (times == nil) == (frames == nil) { throw ValidationError("give either --times LIST or --frames A..B") }
    }

    func run() throws {
        FrameHeap.keep()
        let (program, _) = try ProgramLoader.load(file, quietWarnings: quiet)
        let scene = program.scene
        var instants: [(time: Double, frame: Int?)] = []
        if let times {
            switch Directives.parseTimes(Substring(times)) {
            case .success(let list): instants = list.map { ($0, nil) }
            case .failure(let e): throw CalcFailure(.usage, "--times: \(e.message)")
            }
            if let t = instants.first(where: { $0.time > scene.duration + 1e-9 }) {
                throw CalcFailure(.usage, "--times: \(fmt(t.time))s is outside the scene (0s to \(fmt(scene.duration))s)")
            }
        } else if let frames {
            let count = max(1, Timeline.frameCount(scene))
            guard let r = Run.parseFrames(frames) else { throw CalcFailure(.usage, "--frames expects N, A..B or A..<B; got '\(frames)'") }
            guard r.lowerBound >= 0, r.upperBound < count else {
                throw CalcFailure(.usage, "--frames \(frames) is out of range: the scene has \(count) frame\(count == 1 ? "" : "s") (0..\(count - 1))")
            }
            guard r.count <= Limits.maxFrames else { throw CalcFailure(.usage, "--frames names more than \(Limits.maxFrames) frames") }
            instants = r.map { (Double($0) / scene.fps, $0) }
        }
        let request = ValuesRequest(layers: layers, keys: keys, model: model)
        let end = instants.map(\.time).max() ?? 0
        let timeline: Timeline
        do { timeline = try Timeline.run(program, until: end) } catch { throw CalcFailure(.runtime, "\(error)") }
        do { _ = try request.resolvedKeys(timeline.propertyTable) } catch { throw CalcFailure(.usage, error.message) }
        let text: String
        do { text = try request.json(timeline, instants: instants) } catch let e as ValuesRequest.Problem {
            throw CalcFailure(.usage, e.message)
        } catch { throw CalcFailure(.runtime, "\(error)") }
        if let output { try Files.writeAtomically(Array(text.utf8), to: output, protecting: [file]) } else { Console.out(text) }
    }
}
