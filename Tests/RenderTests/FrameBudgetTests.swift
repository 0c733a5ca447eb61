import XCTest
@testable import Render

/// Frames in flight are bounded by memory (issue 13, item 7). Expected counts by hand: a frame of
/// w×h takes 8·w·h + 8 MiB; 2 GiB = 2 147 483 648 bytes.
final class FrameBudgetTests: XCTestCase {
    func testLargeFramesRenderFewerAtOnce() {
        // 16384²: 8 × 268 435 456 = 2 GiB, + 8 MiB is over the budget alone: still one at a time
        XCTAssertEqual(FrameBudget.framesInFlight(width: 16_384, height: 16_384), 1)
        // 4096²: 128 MiB + 8 MiB = 136 MiB; 2048 / 136 = 15.06 → 15
        XCTAssertEqual(FrameBudget.framesInFlight(width: 4096, height: 4096), 15)
        // 8192²: 512 + 8 = 520 MiB; 2048 / 520 = 3.9 → 3
        XCTAssertEqual(FrameBudget.framesInFlight(width: 8192, height: 8192), 3)
        // small frames: 8 × 1920 × 1080 = 16 588 800, + 8 388 608 = 24 977 408;
        // 2 147 483 648 / 24 977 408 = 85.98 → 85, more than any core count
        XCTAssertEqual(FrameBudget.framesInFlight(width: 1920, height: 1080), 85)
    }
}
