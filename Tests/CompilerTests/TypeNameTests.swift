import XCTest
@testable import Compiler

/// `Checker.typeNamed` (a switch, for speed) must agree with the `typeNames` table that
/// suggestions and the docs are made from.
final class TypeNameTests: XCTestCase {
    func testTheSwitchMatchesTheTable() {
        XCTAssertEqual(Checker.typeNames.count, 15)
        for (name, type) in Checker.typeNames {
            XCTAssertEqual(Checker.typeNamed(name), type, name)
        }
        for other in ["Number", "numbers", "", "int", "float", "array", "layers"] {
            XCTAssertNil(Checker.typeNamed(other), other)
        }
    }
}
