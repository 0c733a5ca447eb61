// A transition from script to display list through the real `calc`: the VM folds startProgress and
// endProgress into the progress Compose draws (startProgress + (endProgress − startProgress) × the
// timing's output), so the slide's offsets can be read off the display list.

import XCTest
import Foundation

final class TransitionCLITests: XCTestCase {
    var dir = ""
    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func testStartAndEndProgressReachTheDrawing() {
        // a 100-wide card at x 10 pushed from the right between progress 0.25 and 0.75 over 2 s, linear
        // (added directly): at 1.5 s (a quarter in) p = 0.25 + 0.5 × 0.25 = 0.375, so the old picture
        // is at 10 − 37.5 = −27.5 and the new one at 10 + 62.5 = 72.5; at 2 s, p = 0.5: −40 and 60; at
        // 3.25 s (held by forwards fill) p = 0.75: −65 and 35
        CLI.write("""
        scene { size: (240, 80) fps: 10 duration: 4s background: #ffffff }
        layer card { frame: (10, 20, 100, 40) backgroundColor: #ff0000 }
        at 1s {
            transaction(disableActions: true) { card.backgroundColor = #0000ff }
            card.addAnimation(transition { type: .push subtype: .fromRight startProgress: 0.25 endProgress: 0.75
                                           duration: 2s fillMode: .forwards removedOnCompletion: false }, forKey: "transition")
        }
        """, "t.cal", in: dir)
        for (time, old, new) in [("1.5s", "-27.5", "72.5"), ("2s", "-40", "60"), ("3.25s", "-65", "35")] {
            let r = CLI.run(["run", "t.cal", "--time", time, "--emit", "display"], in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout, """
            display 240x80 background #ffffffff
              fill nonZero #ff0000ff {M 0 0 L 100 0 L 100 40 L 0 40 Z} [1 0 0 1 \(old) 20]
              fill nonZero #0000ffff {M 0 0 L 100 0 L 100 40 L 0 40 Z} [1 0 0 1 \(new) 20]

            """, "at \(time)")
        }
    }
}
