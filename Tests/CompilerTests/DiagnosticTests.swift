import XCTest
import CalcCore
@testable import Compiler

func diagnose(_ source: String) -> String {
    let file = SourceFile(name: "t.cal", text: source)
    return Compiler.compile(file).diagnostics.map { $0.render(in: file) }.joined()
}

/// Exact rendered diagnostics: file:line:col, the line, a caret span, what was expected.
final class DiagnosticTests: XCTestCase {
    func testSyntaxErrorShowsLineAndCaret() {
        XCTAssertEqual(diagnose("layer a {\n  opacity 0.5\n}\n"), """
        t.cal:2:11: error: expected ':' after 'opacity', found '0.5' [E0100]
         2 |   opacity 0.5
           |           ^~~

        """)
    }

    func testUnknownPropertySuggestsNearest() {
        XCTAssertEqual(diagnose("layer ball {\n  opactiy: 0.5\n}\n"), """
        t.cal:2:3: error: unknown property 'opactiy' on layer 'ball' [E0201]
         2 |   opactiy: 0.5
           |   ^~~~~~~ did you mean 'opacity'?

        """)
    }

    /// Habits from Core Animation, UIKit and Swift get the CAL spelling (found by an audit).
    func testHintsForHabitsFromCoreAnimationAndSwift() {
        func label(_ source: String) -> String {
            diagnose(source).split(separator: "\n").filter { $0.contains("^") }
                .map { String($0.drop { $0 != "^" }.drop { $0 == "^" || $0 == "~" }.dropFirst()) }.joined(separator: " | ")
        }
        XCTAssertEqual(label("layer a { animations { m: basic { keyPath: opacity  fromValue: 0 } } }\n"), "did you mean 'from'?")
        XCTAssertEqual(label("layer a { animations { m: basic { keyPath: opacity  fillMode: forwards } } }\n"),
                       "did you mean '.forwards'? (a setting's case or a named colour starts with a dot)")
        XCTAssertEqual(label("layer a { backgroundColor: kCAFillModeForwards }\n"),
                       "did you mean '.forwards'? (a setting's case or a named colour starts with a dot)")
        XCTAssertEqual(label("layer a { animations { m: basic { keyPath: opacity  repeatCount: .infinity } } }\n"),
                       "'infinity' is written without a dot")
        XCTAssertEqual(label("layer a { animations { m: basic { keyPath: opacity  timingFunction: .easeInOut } } }\n"),
                       "did you mean '.easeInEaseOut'?")
        XCTAssertEqual(label("layer a { }\nlet x = a.presentationLayer.opacity\n"), "did you mean 'presentation.opacity'?")
        XCTAssertEqual(label("layer t: text { text: \"hi\" }\n"), "did you mean 'string'?")
        XCTAssertEqual(label("layer a { opacity = 0.5 }\n"),
                       "'opacity' is a layer property: in a layer's body write 'opacity: …', in a handler 'LAYER.opacity = …'")
        XCTAssertEqual(label("layer a { }\nat 1s { a.opacity: 0 }\n"), "in a handler, assign with '=': a.opacity = …")
        XCTAssertEqual(label("layer a { bounds: (0, 0, 10, 10), position: (1, 1) }\n"),
                       "properties and statements are separated by new lines or ';', not commas")
        // a syntax error hides code, so no guesses about unused names
        XCTAssertFalse(diagnose("at 1s {\n  var i = 0\n  while i < 3 { i = i + 1 }\n}\n").contains("W0010"))
    }

    func testAnEventAfterTheDefaultDurationIsReported() {
        // no scene block: the default duration of 1 s holds
        XCTAssertEqual(diagnose("layer a { }\nat 5s { a.opacity = 0 }\n"), """
        t.cal:2:4: warning: this event at 5s is after the end of the scene (1s) and never runs [W0001]
         2 | at 5s { a.opacity = 0 }
           |    ^~

        """)
        // a scene declared further down is waited for
        XCTAssertEqual(diagnose("layer a { }\nat 5s { a.opacity = 0 }\nscene { duration: 6s }\n"), "")
    }

    func testCompoundAssignmentIsSugar() {
        XCTAssertEqual(diagnose("""
        layer a { }
        var xs = [1, 2]
        at 1s { var i = 1
          i += 2
          i *= 3
          xs[0] -= 1
          a.position.x += 10
          a.opacity = i / 10 + xs[0] }
        """), "")
    }

    func testUnknownPropertyInStatement() {
        XCTAssertEqual(diagnose("layer ball {}\nat 1s { ball.opactiy = 0.5 }\n"), """
        t.cal:2:14: error: unknown property 'opactiy' on layer 'ball' [E0201]
         2 | at 1s { ball.opactiy = 0.5 }
           |              ^~~~~~~ did you mean 'opacity'?

        """)
    }

    func testUnknownLayerSuggestsNearest() {
        XCTAssertEqual(diagnose("layer ball {}\nat 1s { bal.opacity = 0 }\n"), """
        t.cal:2:9: error: unknown name 'bal' [E0200]
         2 | at 1s { bal.opacity = 0 }
           |         ^~~ did you mean 'ball'?

        """)
    }

    func testTypeMismatch() {
        XCTAssertEqual(diagnose("layer a {\n  opacity: #ff0000\n}\n"), """
        t.cal:2:12: error: 'opacity' expects a number, found a color [E0300]
         2 |   opacity: #ff0000
           |            ^~~~~~~

        """)
    }

    func testUnitMismatch() {
        XCTAssertEqual(diagnose("let a = basic { keyPath: opacity duration: 90deg }\n"), """
        t.cal:1:44: error: 'duration' expects a duration, found an angle [E0300]
         1 | let a = basic { keyPath: opacity duration: 90deg }
           |                                            ^~~~~
           = note: an angle cannot stand for a duration

        """)
    }

    func testAnimationValueTypeFollowsKeyPath() {
        XCTAssertEqual(diagnose("let a = basic { keyPath: position to: 3 }\n"), """
        t.cal:1:39: error: 'to' expects a point, found a number [E0300]
         1 | let a = basic { keyPath: position to: 3 }
           |                                       ^

        """)
    }

    func testAllErrorsReportedInOrder() {
        let text = diagnose("""
        layer a {
          opactiy: 1
          bounds: 5
        }
        at 1s { b.opacity = 1 }
        """)
        let ids = text.split(separator: "\n").filter { $0.contains(": error: ") }.map { String($0.split(separator: "[").last!.dropLast()) }
        XCTAssertEqual(ids, ["E0201", "E0300", "E0200"])
    }

    func testRecoveryAfterSyntaxErrorKeepsChecking() {
        let text = diagnose("""
        layer a {
          bounds: (0, 0, 10, 10
          opacity: 1
        }
        layer b { hiden: true }
        """)
        XCTAssertTrue(text.contains("[E0100]"), text)
        XCTAssertTrue(text.contains("unknown property 'hiden' on layer 'b'"), text)
    }

    func testUnknownUnit() {
        XCTAssertEqual(diagnose("layer a { cornerRadius: 4px }\n"), """
        t.cal:1:25: error: unknown unit 'px' in '4px' [E0009]
         1 | layer a { cornerRadius: 4px }
           |                         ^~~ units are s, ms, deg and rad

        """)
    }

    func testCanvasTooLarge() {
        XCTAssertEqual(diagnose("scene { size: (100000, 100000) }\n"), """
        t.cal:1:9: error: a canvas of 100000x100000 pixels exceeds the limit of 16384 pixels a side [E0226]
         1 | scene { size: (100000, 100000) }
           |         ^~~~

        """)
    }

    func testFrameCountLimit() {
        XCTAssertEqual(diagnose("scene { fps: 1000 duration: 1000s }\n"), """
        t.cal:1:19: error: the scene has 1000000 frames, more than the limit of 100000 [E0227]
         1 | scene { fps: 1000 duration: 1000s }
           |                   ^~~~~~~~

        """)
    }

    func testUseBeforeDeclaration() {
        XCTAssertEqual(diagnose("let x = a.opacity\nlayer a {}\n"), """
        t.cal:1:9: error: 'a' is used before its declaration [E0204]
         1 | let x = a.opacity
           |         ^
           = note: it is declared on line 2; top-level code runs in order

        """)
    }

    func testFrameIsNotAnimatable() {
        XCTAssertEqual(diagnose("let a = basic { keyPath: frame }\n"), """
        t.cal:1:26: error: 'frame' is not animatable [E0402]
         1 | let a = basic { keyPath: frame }
           |                          ^~~~~
           = note: animate 'bounds' and 'position' instead (seed 000:2046)

        """)
    }

    func testInvalidUTF8AndEmptyFile() {
        let file = SourceFile(name: "t.cal", bytes: [0x6C, 0x65, 0x74, 0x20, 0xFF, 0x0A])
        let d = Compiler.compile(file).diagnostics
        XCTAssertEqual(d.first?.id, "E0003")
        XCTAssertEqual(diagnose(""), """
        t.cal:1:1: warning: the file declares nothing [W0005]
         1 | 
           | ^

        """)
    }

    func testDeepNestingIsReportedNotCrashing() {
        let deep = "let x = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000) + "\n"
        XCTAssertTrue(diagnose(deep).contains("[E0010]"))
    }

    func testEventAfterSceneEndWarns() {
        XCTAssertEqual(diagnose("scene { duration: 1s }\nlayer a {}\nat 2s { a.opacity = 0 }\n"), """
        t.cal:3:4: warning: this event at 2s is after the end of the scene (1s) and never runs [W0001]
         3 | at 2s { a.opacity = 0 }
           |    ^~

        """)
    }

    /// More habits (found by the second audit): a misspelt declaration keyword, nil, a colour's
    /// name as a string, and CALayer properties that CAL covers another way.
    func testHintsForKeywordsNilColourNamesAndCoveredProperties() {
        XCTAssertEqual(diagnose("layr c { }\n"), """
        t.cal:1:6: error: expected ':' after 'layr', found 'c' [E0100]
         1 | layr c { }
           |      ^ did you mean 'layer'?

        """)
        XCTAssertEqual(diagnose("layer a { }\nat 1s { a.removeAnimation(forKey: nil) }\n"), """
        t.cal:2:35: error: unknown name 'nil' [E0200]
         2 | at 1s { a.removeAnimation(forKey: nil) }
           |                                   ^~~ CAL writes nil as 'none'

        """)
        XCTAssertEqual(diagnose("layer b { backgroundColor: \"red\" }\n"), """
        t.cal:1:28: error: 'backgroundColor' expects a color, found a string [E0300]
         1 | layer b { backgroundColor: "red" }
           |                            ^~~~~ a named colour is written with a dot: '.red'

        """)
        XCTAssertEqual(diagnose("layer a { geometryFlipped: true }\n"), """
        t.cal:1:11: error: unknown property 'geometryFlipped' on layer 'a' [E0201]
         1 | layer a { geometryFlipped: true }
           |           ^~~~~~~~~~~~~~~ CAL flips the whole scene instead: 'origin: .bottomLeft' in the scene block

        """)
        XCTAssertEqual(diagnose("layer a { transform: .identiy }\n"), """
        t.cal:1:22: error: unknown transform '.identiy' [E0301]
         1 | layer a { transform: .identiy }
           |                      ^~~~~~~~ did you mean '.identity'?

        """)
        // a plain string that is no colour's name gets no hint
        XCTAssertEqual(diagnose("layer b { backgroundColor: \"ink\" }\n"), """
        t.cal:1:28: error: 'backgroundColor' expects a color, found a string [E0300]
         1 | layer b { backgroundColor: "ink" }
           |                            ^~~~~

        """)
    }

    /// Built-ins that Core Graphics and UIKit call with labels take them, optionally, in order.
    func testOptionalLabelsOnBuiltIns() {
        XCTAssertEqual(diagnose("""
        let p = arc(center: (10, 10), radius: 5, startAngle: 0deg, endAngle: 90deg, clockwise: true)
        let q = roundedRectPath((0, 0, 4, 4), cornerRadius: 2)
        layer s: shape { path: p + q  fillColor: rgba(red: 1, green: 0, blue: 0, alpha: 1) }

        """), "")
        XCTAssertEqual(diagnose("let d = arc((1, 1), 5, 0deg, 90deg, counterclockwise: true)\nlayer s: shape { path: d }\n"), """
        t.cal:1:37: error: argument 5 of 'arc' cannot be labelled 'counterclockwise' [E0271]
         1 | let d = arc((1, 1), 5, 0deg, 90deg, counterclockwise: true)
           |                                     ^~~~~~~~~~~~~~~~ usage: arc(center: radius: startAngle: endAngle: clockwise:), each label optional

        """)
    }

    func testAPercentageGetsAHint() {
        XCTAssertEqual(diagnose("layer a { opacity: 50% }\n"), """
        t.cal:1:24: error: expected a value after '%', found '}' [E0100]
         1 | layer a { opacity: 50% }
           |                        ^ CAL has no percentages: write a fraction, e.g. 0.5 for 50%

        """)
        XCTAssertEqual(diagnose("let x = 7 % 2\nlayer c { opacity: x / 2 }\n"), "")
    }

    /// W0016 through a `var`: reported only when every value the variable is given is a transition
    /// (a timing field changed keeps it one); `mixed` later gets a basic animation, so not it.
    func testTransitionHeldInAVariable() {
        XCTAssertEqual(diagnose("""
        scene { duration: 2s }
        layer a { }
        var fade = transition { type: .fade  duration: 0.5s }
        var mixed = transition { type: .push }
        at 0.5s {
            fade.duration = 1s
            a.addAnimation(fade, forKey: "fade")
            a.addAnimation(mixed, forKey: "m")
            a.addAnimation(fade, forKey: "transition")
        }
        at 1s { mixed = basic { keyPath: opacity  to: 0 } }

        """), """
        t.cal:7:34: warning: a transition is always attached under the key 'transition', not 'fade' [W0016]
         7 |     a.addAnimation(fade, forKey: "fade")
           |                                  ^~~~~~ use forKey: "transition"

        """)
    }
}
