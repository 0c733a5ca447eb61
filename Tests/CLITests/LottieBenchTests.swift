// `calc bench --lottie` turns bench_lottie.py's Lottie document into CAL (Bench.calSource). The
// peers play the document itself, so the comparison is fair only if the CAL scene shows the same
// thing: checked here on a small document written by hand, whose values at chosen times are worked
// out from the Lottie rules (linear keyframes between frames t0 and t1 at `fr` frames a second, the
// first document layer on top, a stroke centred on the rect's edge) and stated as `// expect:` lines.

import XCTest
import Foundation

final class LottieBenchTests: XCTestCase {
    var dir = ""
    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// Two layers, 30 frames a second, 60 frames. The top layer ("A", first in the document) is a
    /// 40×20 rect of corner radius 4, red at 50 %, stroked 2 wide in blue; it moves (10, 20) → (70, 80)
    /// over frames 0–30 and turns 0° → 90° over frames 0–60. The bottom one ("B") is a 10×10 square.
    static let generator = """
    def make_lottie(n):
        def layer(ind, size, r, p0, p1, t_p, r0, r1, t_r, fill, fo, line, w):
            return {"ddd": 0, "ind": ind, "ty": 4, "ip": 0, "op": 60, "st": 0, "ks": {
                        "p": {"a": 1, "k": [{"t": 0, "s": p0, "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": t_p, "s": p1}]},
                        "r": {"a": 1, "k": [{"t": 0, "s": [r0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": t_r, "s": [r1]}]}},
                    "shapes": [{"ty": "gr", "it": [
                        {"ty": "rc", "s": {"a": 0, "k": size}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": r}},
                        {"ty": "fl", "c": {"a": 0, "k": fill}, "o": {"a": 0, "k": fo}},
                        {"ty": "st", "c": {"a": 0, "k": line}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": w}},
                        {"ty": "tr"}]}]}
        a = layer(1, [40, 20], 4, [10, 20], [70, 80], 30, 0, 90, 60, [1, 0, 0], 50, [0, 0, 1], 2)
        b = layer(2, [10, 10], 0, [100, 50], [100, 50], 60, 0, 0, 60, [0, 1, 0], 100, [0, 0, 0], 0)
        return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, "layers": [a, b]}
    """

    func testTheGeneratedSceneShowsWhatTheLottieDocumentSays() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("the generator runs bench_lottie.py with /usr/bin/python3, which is not installed")
        }
        CLI.write(Self.generator, "bench_lottie.py", in: dir)
        let r = CLI.run(["bench", "--lottie", "--scenes", dir + "/scenes.json", "--python", "none", "--runs", "1",
                         "--emit-source", "lottie.cal"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        var source = try String(contentsOfFile: dir + "/lottie.cal", encoding: .utf8)
        // Hand values. CAL declares the layers bottom first, so "B" is card0 and "A" card1. Scene:
        // 200×100, 30 fps, 60 frames = 2 s. A's layer: bounds are the rect plus the stroke's outer
        // half on each side (40 + 2, 20 + 2), the corner radius that of the stroke's outer edge
        // (4 + 1); a linear move reaches (40, 50) at frame 15 (0.5 s) and (70, 80) at frame 30 (1 s),
        // and stays; the turn is 45° at frame 30 and 90° at frame 60 (2 s, where the model holds it).
        source += """
        // expect: card1.bounds at 0s == (0, 0, 42, 22)
        // expect: card1.cornerRadius at 0s == 5
        // expect: card1.borderWidth at 0s == 2
        // expect: card1.backgroundColor at 0s == #ff000080 within 0.002
        // expect: card1.borderColor at 0s == #0000ff
        // expect: card1.position at 0s == (10, 20)
        // expect: card1.position at 0.5s == (40, 50)
        // expect: card1.position at 1.5s == (70, 80)
        // expect: card1.transform.rotation.z at 1s == 45deg within 1e-9
        // expect: card1.transform.rotation.z at 1.9s == 85.5deg within 1e-9
        // expect: card0.position at 1s == (100, 50)
        // expect: card0.bounds at 0s == (0, 0, 10, 10)
        // expect: card0.backgroundColor at 0s == #00ff00

        """
        CLI.write(source, "lottie.cal", in: dir)
        let t = CLI.run(["test", "lottie.cal", "--update-missing"], in: dir)   // (records the disassembly)
        XCTAssertEqual(t.status, 0, t.stdout + t.stderr)
        XCTAssertTrue((t.stdout + t.stderr).contains("13 expectations"), t.stdout + t.stderr)
    }
}
