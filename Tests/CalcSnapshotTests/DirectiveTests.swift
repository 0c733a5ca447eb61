// Directives: every clause form, accumulation over lines and `;`, and a clear message for each
// malformed directive (a silently ignored one would be a test that never runs).

import XCTest
@testable import CalcSnapshot

final class DirectiveTests: XCTestCase {
    func testClausesAccumulateSortedWithoutRepeats() {
        let (d, problems) = Directives.parse("""
        // a scene
        // snapshot: frames 30, 0, 12
        layer x { }   // snapshot: frames 99 (not a whole-line comment: ignored)
          //snapshot: frames 2..4; times 0.5s, 250ms, 1; tolerance 2 channel, 0.1% pixels
        // snapshot: frames 12; diagnostics
        """)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(d.frames, [0, 2, 3, 4, 12, 30])
        XCTAssertEqual(d.times, [0.25, 0.5, 1])
        XCTAssertEqual(d.tolerance, Tolerance(maxChannelDiff: 2, maxDiffPixelsPercent: 0.1))
        XCTAssertTrue(d.diagnostics)
        XCTAssertTrue(d.namesFrames)
    }

    func testNoDirectives() {
        let (d, problems) = Directives.parse("scene { size: (10, 10) }\n// a comment about snapshots\n")
        XCTAssertEqual(d, Directives())
        XCTAssertEqual(problems, [])
    }

    func testRangesAndTolerancePartsAreOptional() {
        XCTAssertEqual(try Directives.parseFrames("0..<3, 7...8").get(), [0, 1, 2, 7, 8])
        XCTAssertEqual(try Directives.parseTolerance("3 channel").get(), Tolerance(maxChannelDiff: 3, maxDiffPixelsPercent: 0))
        XCTAssertEqual(try Directives.parseTolerance("1.5% pixels").get(), Tolerance(maxChannelDiff: 0, maxDiffPixelsPercent: 1.5))
        XCTAssertEqual(try Directives.parseTolerance("5% pixels, 255 channel").get(), Tolerance(maxChannelDiff: 255, maxDiffPixelsPercent: 5))
    }

    func testMalformedDirectivesAreReportedWithTheirLine() {
        let (_, problems) = Directives.parse("""
        // snapshot: framez 1
        // snapshot: frames 1, x
        // snapshot: frames -1
        // snapshot: frames 5..2
        // snapshot: times 1h
        // snapshot: tolerance 256 channel
        // snapshot: tolerance 2 pixels
        // snapshot: tolerance 101% pixels
        // snapshot: diagnostics please
        // snapshot:
        // snapshot: frames 1,
        """)
        XCTAssertEqual(problems, [
            .init(line: 1, message: "unknown snapshot directive 'framez'; expected frames, times, tolerance, diagnostics, display or values"),
            .init(line: 2, message: "expected a frame number or a range such as '0..10', got 'x'"),
            .init(line: 3, message: "frame numbers start at 0, got '-1'"),
            .init(line: 4, message: "expected a frame number or a range such as '0..10', got '5..2'"),
            .init(line: 5, message: "expected a time such as 1.5s, 250ms or 2, got '1h'"),
            .init(line: 6, message: "a channel difference is a whole number from 0 to 255, got '256'"),
            .init(line: 7, message: "a share of pixels is a percentage from 0% to 100%, got '2'"),
            .init(line: 8, message: "a share of pixels is a percentage from 0% to 100%, got '101%'"),
            .init(line: 9, message: "'diagnostics' takes no arguments, got 'please'"),
            .init(line: 10, message: "empty snapshot directive; expected frames, times, tolerance, diagnostics, display or values"),
            .init(line: 11, message: "expected frame numbers such as '0, 12, 30' or '0..10', got '1,'"),
        ])
    }

    func testTimeNamesAreStable() {
        XCTAssertEqual(Numbers.format(0), "0")
        XCTAssertEqual(Numbers.format(0.5), "0.5")
        XCTAssertEqual(Numbers.format(2), "2")
        XCTAssertEqual(Numbers.format(0.25), "0.25")
    }
}
