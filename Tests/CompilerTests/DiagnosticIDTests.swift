// Every diagnostic id, provoked by a small source, with its exact rendered text. The expected
// texts were read and checked by hand against the rules in docs/diagnostics.md (position, caret
// span, message, label, notes); a new id without a case here fails `testEveryIdHasACase`.

import XCTest
import CalcCore
@testable import Compiler

final class DiagnosticIDTests: XCTestCase {
    static let cases: [(String, String, String)] = [
        ("E0001", "let x = 1 @ 2\n",
         "t.cal:1:11: error: unexpected character '@' [E0001]\n 1 | let x = 1 @ 2\n   |           ^\n"),
        ("E0005", "let x = 1 /* open\n",
         "t.cal:1:11: error: unterminated block comment [E0005]\n 1 | let x = 1 /* open\n   |           ^~ comment starts here\n"),
        ("E0006", "let x = 1111111111111111111111111111111111111111111111111111111111111111111111\n",
         "t.cal:1:9: error: number literal is too long (more than 64 characters) [E0006]\n 1 | let x = 1111111111111111111111111111111111111111111111111111111111111111111111\n   |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"),
        ("E0007", "let s = \"open\n",
         "t.cal:1:9: error: unterminated string literal [E0007]\n 1 | let s = \"open\n   |         ^ string starts here\n"),
        ("E0008", "let c = #12345\n",
         "t.cal:1:9: error: invalid color literal '#12345' [E0008]\n 1 | let c = #12345\n   |         ^~~~~~ expected 3, 4, 6 or 8 hexadecimal digits\n"),
        ("E0009", "layer a { cornerRadius: 4px }\n",
         "t.cal:1:25: error: unknown unit 'px' in '4px' [E0009]\n 1 | layer a { cornerRadius: 4px }\n   |                         ^~~ units are s, ms, deg and rad\n"),
        ("E0011", "let x = 1e400\n",
         "t.cal:1:9: error: number '1e400' is out of range [E0011]\n 1 | let x = 1e400\n   |         ^~~~~\n"),
        ("E0012", "let s = \"a\\qb\"\n",
         "t.cal:1:9: error: unknown escape '\\q' [E0012]\n 1 | let s = \"a\\qb\"\n   |         ^~~~~~\n"),
        ("E0100", "layer a {\n  opacity 0.5\n}\n",
         "t.cal:2:11: error: expected ':' after 'opacity', found '0.5' [E0100]\n 2 |   opacity 0.5\n   |           ^~~\n"),
        ("E0102", "let x = ()\n",
         "t.cal:1:9: error: empty parentheses are not a value [E0102]\n 1 | let x = ()\n   |         ^~\n"),
        ("E0103", "}\n",
         "t.cal:1:1: error: unexpected '}' with no block to close [E0103]\n 1 | }\n   | ^\n"),
        ("E0104", "scene { layer a { } }\n",
         "t.cal:1:9: error: only settings ('name: value') belong in the scene block [E0104]\n 1 | scene { layer a { } }\n   |         ^~~~~~~~~~~\n"),
        ("E0105", "layer a { }\non a.didStop { }\n",
         "t.cal:2:4: error: expected 'on LAYER.KEY.didStart' or 'on LAYER.KEY.didStop(finished)' [E0105]\n 2 | on a.didStop { }\n   |    ^~~~~~~~~\n"),
        ("E0106", "opacity: 0.5\n",
         "t.cal:1:1: error: 'opacity: …' sets a property, which belongs inside a layer [E0106]\n 1 | opacity: 0.5\n   | ^~~~~~~ write it inside 'layer name { … }'\n"),
        ("E0107", "animations { }\n",
         "t.cal:1:1: error: 'animations' belongs inside a layer [E0107]\n 1 | animations { }\n   | ^~~~~~~~~~~~~~\n"),
        ("E0200", "let x = y + 1\n",
         "t.cal:1:9: error: unknown name 'y' [E0200]\n 1 | let x = y + 1\n   |         ^\n"),
        ("E0201", "layer a { opactiy: 1 }\n",
         "t.cal:1:11: error: unknown property 'opactiy' on layer 'a' [E0201]\n 1 | layer a { opactiy: 1 }\n   |           ^~~~~~~ did you mean 'opacity'?\n"),
        ("E0202", "layer a { position.z: 1 }\n",
         "t.cal:1:11: error: 'position' has no field 'z' [E0202]\n 1 | layer a { position.z: 1 }\n   |           ^~~~~~~~~~ did you mean 'position.x'?\n"),
        ("E0203", "let a = 1\nlet a = 2\n",
         "t.cal:2:5: error: 'a' is already declared [E0203]\n 2 | let a = 2\n   |     ^\n   = note: the first declaration is on line 1\n"),
        ("E0204", "let x = a.opacity\nlayer a { }\n",
         "t.cal:1:9: error: 'a' is used before its declaration [E0204]\n 1 | let x = a.opacity\n   |         ^\n   = note: it is declared on line 2; top-level code runs in order\n"),
        ("E0209", "at 1s { let time = 3 }\n",
         "t.cal:1:13: error: 'time' is a built-in name and cannot be redeclared [E0209]\n 1 | at 1s { let time = 3 }\n   |             ^~~~\n"),
        ("E0221", "layer a { }\nscene { fps: a.opacity }\n",
         "t.cal:2:14: error: scene setting 'fps' must be a constant [E0221]\n 2 | scene { fps: a.opacity }\n   |              ^~~~~~~~~\n"),
        ("E0222", "scene { }\nscene { }\n",
         "t.cal:2:1: error: the scene is declared twice [E0222]\n 2 | scene { }\n   | ^~~~~~~~~\n   = note: the first declaration is on line 1\n"),
        ("E0223", "scene { speed: 2 }\n",
         "t.cal:1:9: error: unknown scene setting 'speed' [E0223]\n 1 | scene { speed: 2 }\n   |         ^~~~~\n"),
        ("E0224", "scene { fps: 10 fps: 20 }\n",
         "t.cal:1:17: error: scene setting 'fps' is set twice [E0224]\n 1 | scene { fps: 10 fps: 20 }\n   |                 ^~~\n   = note: first set on line 1\n"),
        ("E0225", "scene { fps: 0 }\n",
         "t.cal:1:14: error: fps must be between 0 and 1000, found 0 [E0225]\n 1 | scene { fps: 0 }\n   |              ^\n"),
        ("E0226", "scene { size: (20000, 100) }\n",
         "t.cal:1:9: error: a canvas of 20000x100 pixels exceeds the limit of 16384 pixels a side [E0226]\n 1 | scene { size: (20000, 100) }\n   |         ^~~~\n"),
        ("E0227", "scene { fps: 1000 duration: 200s }\n",
         "t.cal:1:19: error: the scene has 200000 frames, more than the limit of 100000 [E0227]\n 1 | scene { fps: 1000 duration: 200s }\n   |                   ^~~~~~~~\n"),
        ("E0228", "at 1s { scene { } }\n",
         "t.cal:1:9: error: the scene must be declared at the top level [E0228]\n 1 | at 1s { scene { } }\n   |         ^~~~~~~~~\n"),
        ("E0230", "layer e: emitter { }\n",
         "t.cal:1:10: error: layer kind 'emitter' is not supported yet [E0230]\n 1 | layer e: emitter { }\n   |          ^~~~~~~\n   = note: emitter layers and their cells are planned; see docs/language.md\n"),
        ("E0233", "layer a { string: \"hi\" }\n",
         "t.cal:1:11: error: a plain layer has no property 'string' [E0233]\n 1 | layer a { string: \"hi\" }\n   |           ^~~~~~ 'string' belongs to text layers: declare it 'layer name: text'\n"),
        ("E0234", "mask { }\n",
         "t.cal:1:1: error: 'mask' belongs inside a layer [E0234]\n 1 | mask { }\n   | ^~~~~~~~\n"),
        ("E0231", "layer t: txet { }\n",
         "t.cal:1:10: error: unknown layer kind 'txet' [E0231]\n 1 | layer t: txet { }\n   |          ^~~~ did you mean 'text'?\n"),
        ("E0232", "for i in 0..<3 { layer dot { } }\n",
         "t.cal:1:24: error: a layer declared in a loop or function needs a name that differs each time [E0232]\n 1 | for i in 0..<3 { layer dot { } }\n   |                        ^~~ give it a string name, e.g. layer \"dot\\(i)\" { … }\n"),
        ("E0240", "at -1s { }\n",
         "t.cal:1:4: error: an event time must be a non-negative finite duration, found -1s [E0240]\n 1 | at -1s { }\n   |    ^~~\n"),
        ("E0241", "every 0s { }\n",
         "t.cal:1:7: error: the interval of 'every' must be positive [E0241]\n 1 | every 0s { }\n   |       ^~\n"),
        ("E0250", "at 1s { transaction(1s) { } }\n",
         "t.cal:1:21: error: transaction settings need a label, e.g. 'animationDuration: 1s' [E0250]\n 1 | at 1s { transaction(1s) { } }\n   |                     ^~\n"),
        ("E0251", "at 1s { transaction(duration: 1s) { } }\n",
         "t.cal:1:21: error: unknown transaction setting 'duration' [E0251]\n 1 | at 1s { transaction(duration: 1s) { } }\n   |                     ^~~~~~~~\n"),
        ("E0252", "at 1s { transaction(disableActions: true, disableActions: false) { } }\n",
         "t.cal:1:43: error: transaction setting 'disableActions' is given twice [E0252]\n 1 | at 1s { transaction(disableActions: true, disableActions: false) { } }\n   |                                           ^~~~~~~~~~~~~~\n"),
        ("E0253", "at 1s { transaction(animationDuration: -1s) { } }\n",
         "t.cal:1:40: error: a transaction's duration must be a non-negative finite time [E0253]\n 1 | at 1s { transaction(animationDuration: -1s) { } }\n   |                                        ^~~\n"),
        ("E0260", "let x = 1\nat 1s { 3 = x }\n",
         "t.cal:2:9: error: cannot assign to this expression [E0260]\n 2 | at 1s { 3 = x }\n   |         ^ expected a layer property such as 'card.opacity', a variable or an element 'xs[i]'\n"),
        ("E0261", "layer a { }\nat 1s { a = a }\n",
         "t.cal:2:9: error: cannot assign to layer 'a' itself [E0261]\n 2 | at 1s { a = a }\n   |         ^ assign to one of its properties, e.g. 'a.opacity'\n"),
        ("E0262", "layer a { }\nat 1s { a.presentation.opacity = 1 }\n",
         "t.cal:2:11: error: the presentation layer is read-only [E0262]\n 2 | at 1s { a.presentation.opacity = 1 }\n   |           ^~~~~~~~~~~~\n   = note: set the model value ('a.opacity') instead\n"),
        ("E0263", "var p = (1, 2)\nat 1s { p.x = 3 }\n",
         "t.cal:2:9: error: cannot assign to a part of a point [E0263]\n 2 | at 1s { p.x = 3 }\n   |         ^~~ assign the whole value instead\n"),
        ("E0264", "let x = 1\nat 1s { x = 2 }\n",
         "t.cal:2:9: error: cannot assign to 'x': it is a constant [E0264]\n 2 | at 1s { x = 2 }\n   |         ^\n   = note: declared with 'let' on line 1; use 'var' to make it variable\n"),
        ("E0265", "layer a { }\nat 1s { let v = a.presentation }\n",
         "t.cal:2:17: error: expected a property after 'a.presentation' [E0265]\n 2 | at 1s { let v = a.presentation }\n   |                 ^~~~~~~~~~~~~~\n"),
        ("E0266", "for i in 0..<2 { at 1s { i = 3 } }\n",
         "t.cal:1:26: error: cannot assign to 'i': parameters and captured values are constants here [E0266]\n 1 | for i in 0..<2 { at 1s { i = 3 } }\n   |                          ^\n   = note: declared on line 1; a handler gets a copy of the values it uses\n"),
        ("E0267", "for i in 0..<1 { at 1s { x = 2 } }\nvar x = 1\n",
         "t.cal:1:26: error: cannot assign to 'x' before its declaration is checked [E0267]\n 1 | for i in 0..<1 { at 1s { x = 2 } }\n   |                          ^\n   = note: it is declared on line 2; move this code below it\n"),
        ("E0270", "let f = 1\nlet x = f(2)\n",
         "t.cal:2:9: error: 'f' is not a function [E0270]\n 2 | let x = f(2)\n   |         ^\n"),
        ("E0271", "let x = sin(x: 1)\n",
         "t.cal:1:13: error: 'sin' takes no labelled arguments [E0271]\n 1 | let x = sin(x: 1)\n   |             ^\n"),
        ("E0272", "let x = sin(1, 2)\n",
         "t.cal:1:9: error: wrong number of arguments to 'sin': found 2 [E0272]\n 1 | let x = sin(1, 2)\n   |         ^~~~~~~~~ usage: sin(angle)\n"),
        ("E0273", "let p = perspective(-5)\n",
         "t.cal:1:21: error: the perspective distance must be positive [E0273]\n 1 | let p = perspective(-5)\n   |                     ^~\n"),
        ("E0274", "let c = cubic(2, 0, 0.5, 1)\n",
         "t.cal:1:9: error: a timing curve's x coordinates must lie in 0...1 [E0274]\n 1 | let c = cubic(2, 0, 0.5, 1)\n   |         ^~~~~~~~~~~~~~~~~~~\n"),
        ("E0275", "let x = sinn(1)\n",
         "t.cal:1:9: error: unknown function 'sinn' [E0275]\n 1 | let x = sinn(1)\n   |         ^~~~ did you mean 'sin'?\n"),
        ("E0276", "layer a { }\nlet c = cubic(a.opacity, 0, 1, 1)\n",
         "t.cal:2:9: error: 'cubic' needs constant arguments [E0276]\n 2 | let c = cubic(a.opacity, 0, 1, 1)\n   |         ^~~~~~~~~~~~~~~~~~~~~~~~~\n"),
        ("E0277", "let x = sqrt(-1)\n",
         "t.cal:1:9: error: sqrt gives no finite result for these arguments [E0277]\n 1 | let x = sqrt(-1)\n   |         ^~~~~~~~\n"),
        ("E0281", "at 1s { func f() { } }\n",
         "t.cal:1:14: error: functions must be declared at the top level [E0281]\n 1 | at 1s { func f() { } }\n   |              ^\n"),
        ("E0282", "return 1\n",
         "t.cal:1:1: error: 'return' belongs inside a function or handler [E0282]\n 1 | return 1\n   | ^~~~~~~~\n"),
        ("E0283", "func f() { return 1 }\n",
         "t.cal:1:19: error: this function returns nothing; remove the value or declare '-> type' [E0283]\n 1 | func f() { return 1 }\n   |                   ^\n"),
        ("E0284", "func f(x: number) -> number { if x > 0 { return 1 } }\n",
         "t.cal:1:6: error: function 'f' must return a number on every path [E0284]\n 1 | func f(x: number) -> number { if x > 0 { return 1 } }\n   |      ^\n"),
        ("E0285", "func f(x: nubmer) { }\n",
         "t.cal:1:11: error: unknown type 'nubmer' [E0285]\n 1 | func f(x: nubmer) { }\n   |           ^~~~~~ did you mean 'number'?\n"),
        ("E0290", "layer a { style: 3 }\n",
         "t.cal:1:18: error: 'style' expects the name of a style [E0290]\n 1 | layer a { style: 3 }\n   |                  ^\n"),
        ("E0291", "at 1s { style s { } }\n",
         "t.cal:1:15: error: styles must be declared at the top level [E0291]\n 1 | at 1s { style s { } }\n   |               ^\n"),
        ("E0292", "layer a { style: missing }\n",
         "t.cal:1:18: error: unknown style 'missing' [E0292]\n 1 | layer a { style: missing }\n   |                  ^~~~~~~\n"),
        ("E0293", "style s { style: s }\nlayer a { style: s }\n",
         "t.cal:1:18: error: style 's' includes itself [E0293]\n 1 | style s { style: s }\n   |                  ^\n"),
        ("E0294", "layer a { frame: (0, 0, time / 1s, 1) }\n",
         "t.cal:1:11: error: 'frame' cannot be bound to an expression of time [E0294]\n 1 | layer a { frame: (0, 0, time / 1s, 1) }\n   |           ^~~~~\n   = note: bind 'position' and 'bounds' instead\n"),
        ("E0295", "layer b { }\nstyle s { opacity: b.opacity }\nlayer a { style: s }\n",
         "t.cal:2:20: error: a style's values must be constants [E0295]\n 2 | style s { opacity: b.opacity }\n   |                    ^~~~~~~~~\n"),
        ("E0296", "style s { at 1s { } }\nlayer a { style: s }\n",
         "t.cal:1:11: error: a style holds property defaults, 'style: other' and 'actions { … }' [E0296]\n 1 | style s { at 1s { } }\n   |           ^~~~~~~~~\n"),
        ("E0297", "layer a { actions { wobble: none } }\n",
         "t.cal:1:21: error: 'wobble' is not an action key [E0297]\n 1 | layer a { actions { wobble: none } }\n   |                     ^~~~~~ action keys are animatable properties and onOrderIn, onOrderOut, transition\n"),
        ("E0298", "layer b { }\nlayer a { opacity: b.presentation.opacity + time / 1s }\n",
         "t.cal:2:20: error: an expression of time cannot read presentation values [E0298]\n 2 | layer a { opacity: b.presentation.opacity + time / 1s }\n   |                    ^~~~~~~~~~~~~~~~~~~~~~\n   = note: read the model value instead; presentation values depend on this very frame\n"),
        ("E0300", "layer a { opacity: #ff0000 }\n",
         "t.cal:1:20: error: 'opacity' expects a number, found a color [E0300]\n 1 | layer a { opacity: #ff0000 }\n   |                    ^~~~~~~\n"),
        ("E0301", "layer a { backgroundColor: .rde }\n",
         "t.cal:1:28: error: unknown color '.rde' [E0301]\n 1 | layer a { backgroundColor: .rde }\n   |                            ^~~~ did you mean '.red'?\n"),
        ("E0302", "let x = .red\n",
         "t.cal:1:9: error: cannot tell what '.red' is here [E0302]\n 1 | let x = .red\n   |         ^~~~ a '.case' needs a color, timing function or setting in context\n"),
        ("E0303", "let x = #fff + 1\n",
         "t.cal:1:9: error: cannot apply '+' to a color and a number [E0303]\n 1 | let x = #fff + 1\n   |         ^~~~~~~~\n"),
        ("E0304", "layer a { position: (1, 2, 3) }\n",
         "t.cal:1:21: error: a point has 2 components, found 3 [E0304]\n 1 | layer a { position: (1, 2, 3) }\n   |                     ^~~~~~~~~\n"),
        ("E0305", "func f() { }\nlet x = f()\n",
         "t.cal:2:9: error: 'x' cannot be bound to an expression with no value [E0305]\n 2 | let x = f()\n   |         ^~~\n"),
        ("E0306", "let x = none\n",
         "t.cal:1:9: error: 'none' is not a value here [E0306]\n 1 | let x = none\n   |         ^~~~ 'none' disables an action in an 'actions' block\n"),
        ("E0307", "let x = 1 / 0\n",
         "t.cal:1:9: error: division by zero [E0307]\n 1 | let x = 1 / 0\n   |         ^~~~~\n"),
        ("E0308", "var xs = []\n",
         "t.cal:1:10: error: the type of 'xs' cannot be inferred from '[]' [E0308]\n 1 | var xs = []\n   |          ^~ write its type, e.g. 'var xs: [number] = []'\n"),
        ("E0309", "for x in 5 { }\n",
         "t.cal:1:10: error: a for loop runs over a range (a..<b, a...b) or an array, found a number [E0309]\n 1 | for x in 5 { }\n   |          ^\n"),
        ("E0311", "layer a { }\nat 1s { a.opacity }\n",
         "t.cal:2:9: error: this expression's value is unused [E0311]\n 2 | at 1s { a.opacity }\n   |         ^~~~~~~~~ a statement sets a property, calls a layer method or function, or starts a transaction\n"),
        ("E0312", "let x = [1, 2][5]\n",
         "t.cal:1:16: error: index 5 is out of range (the array has 2 elements) [E0312]\n 1 | let x = [1, 2][5]\n   |                ^\n"),
        ("E0313", "layer a { }\nlet s = \"\\(a)\"\n",
         "t.cal:2:12: error: a layer cannot be shown in a string [E0313]\n 2 | let s = \"\\(a)\"\n   |            ^\n"),
        ("E0401", "let a = basic { keyPath: 3 }\n",
         "t.cal:1:26: error: 'keyPath' expects a property path such as 'position.x' [E0401]\n 1 | let a = basic { keyPath: 3 }\n   |                          ^\n"),
        ("E0402", "let a = basic { keyPath: frame }\n",
         "t.cal:1:26: error: 'frame' is not animatable [E0402]\n 1 | let a = basic { keyPath: frame }\n   |                          ^~~~~\n   = note: animate 'bounds' and 'position' instead (seed 000:2046)\n"),
        ("E0403", "let a = basic { to: 1 }\n",
         "t.cal:1:9: error: a basic animation needs a 'keyPath' [E0403]\n 1 | let a = basic { to: 1 }\n   |         ^~~~~ add e.g. 'keyPath: opacity'\n"),
        ("E0404", "let a = basic { keyPath: opacity durration: 1s }\n",
         "t.cal:1:34: error: unknown animation field 'durration' [E0404]\n 1 | let a = basic { keyPath: opacity durration: 1s }\n   |                                  ^~~~~~~~~ did you mean 'duration'?\n"),
        ("E0405", "let a = basic { keyPath: opacity to: 1 to: 0 }\n",
         "t.cal:1:40: error: animation field 'to' is set twice [E0405]\n 1 | let a = basic { keyPath: opacity to: 1 to: 0 }\n   |                                        ^~\n   = note: first set on line 1\n"),
        ("E0406", "let a = basic { keyPath: opacity duration: -1s }\n",
         "t.cal:1:44: error: 'duration' must be a non-negative finite time, found -1s [E0406]\n 1 | let a = basic { keyPath: opacity duration: -1s }\n   |                                            ^~~\n"),
        ("E0407", "let a = basic { keyPath: opacity\n layer x { } }\n",
         "t.cal:2:2: error: an animation holds fields ('name: value') only [E0407]\n 2 |  layer x { } }\n   |  ^~~~~~~~~~~\n"),
        ("E0408", "let a = keyframe { keyPath: opacity }\n",
         "t.cal:1:9: error: a keyframe animation needs 'values' [E0408]\n 1 | let a = keyframe { keyPath: opacity }\n   |         ^~~~~~~~\n"),
        ("E0409", "let a = group { duration: 1s }\n",
         "t.cal:1:9: error: a group needs 'animations: [ … ]' [E0409]\n 1 | let a = group { duration: 1s }\n   |         ^~~~~\n"),
        ("E0410", "layer a { animations { m: basic { keyPath: opacity } m: basic { keyPath: opacity } } }\n",
         "t.cal:1:54: error: animation key 'm' is used twice on layer 'a' [E0410]\n 1 | layer a { animations { m: basic { keyPath: opacity } m: basic { keyPath: opacity } } }\n   |                                                      ^\n   = note: first used on line 1; a second animation with the same key would replace the first\n"),
        ("E0411", "let a = basic { keyPath: opacity valueFunction: .rotateZ }\n",
         "t.cal:1:49: error: a value function needs a key path holding a whole transform, not 'opacity' [E0411]\n 1 | let a = basic { keyPath: opacity valueFunction: .rotateZ }\n   |                                                 ^~~~~~~~\n"),
        ("E0412", "layer a { }\nat 1s { a.addAnimation(basic { keyPath: opacity }) }\n",
         "t.cal:2:9: error: addAnimation takes an animation and a key: 'a.addAnimation(anim, forKey: \"key\")' [E0412]\n 2 | at 1s { a.addAnimation(basic { keyPath: opacity }) }\n   |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"),
        ("E0413", "layer a { }\nat 1s { a.addAnimaton(basic { keyPath: opacity }, forKey: \"k\") }\n",
         "t.cal:2:11: error: layer 'a' has no method 'addAnimaton' [E0413]\n 2 | at 1s { a.addAnimaton(basic { keyPath: opacity }, forKey: \"k\") }\n   |           ^~~~~~~~~~~ did you mean 'addAnimation'?\n"),
        ("E0414", "layer a { }\nat 1s { let k = \"x\" + \"y\"\n var kk = k\n a.removeAnimation(forKey: kk) }\n",
         "t.cal:4:28: error: an animation key must be a constant string [E0414]\n 4 |  a.removeAnimation(forKey: kk) }\n   |                            ^~\n"),
        ("E0415", "at 1s { keyframe(start: 0, duration: 1) { } }\n",
         "t.cal:1:9: error: 'keyframe' belongs inside 'animateKeyframes' [E0415]\n 1 | at 1s { keyframe(start: 0, duration: 1) { } }\n   |         ^~~~~~~~\n"),
        ("E0416", "at 1s { animateKeyframes(duration: 1s, dampingRatio: 0.5) { } }\n",
         "t.cal:1:9: error: keyframe animation blocks have no spring parameters [E0416]\n 1 | at 1s { animateKeyframes(duration: 1s, dampingRatio: 0.5) { } }\n   |         ^~~~~~~~~~~~~~~~\n"),
        ("E0417", "at 1s { animate(duration: 1s, speed: 2) { } }\n",
         "t.cal:1:31: error: animate takes no 'speed' [E0417]\n 1 | at 1s { animate(duration: 1s, speed: 2) { } }\n   |                               ^~~~~ it takes 'dampingRatio:', 'delay:', 'duration:', 'initialVelocity:', 'options:'\n"),
        ("E0418", "at 1s { animateKeyframes(duration: 1s) { keyframe(start: 2, duration: 1) { } } }\n",
         "t.cal:1:58: error: a keyframe's 'start' is a fraction of the block's duration, from 0 to 1 [E0418]\n 1 | at 1s { animateKeyframes(duration: 1s) { keyframe(start: 2, duration: 1) { } } }\n   |                                                          ^\n"),
        ("E0419", "at 1s { animate(delay: 1s) { } }\n",
         "t.cal:1:9: error: animate needs a 'duration:' [E0419]\n 1 | at 1s { animate(delay: 1s) { } }\n   |         ^~~~~~~\n"),
        ("W0001", "scene { duration: 1s }\nat 2s { }\n",
         "t.cal:2:4: warning: this event at 2s is after the end of the scene (1s) and never runs [W0001]\n 2 | at 2s { }\n   |    ^~\n"),
        ("W0002", "layer a { opacity: 1 opacity: 0.5 }\n",
         "t.cal:1:22: warning: property 'opacity' is set twice; the last value wins [W0002]\n 1 | layer a { opacity: 1 opacity: 0.5 }\n   |                      ^~~~~~~\n   = note: first set on line 1\n"),
        ("W0003", "let a = basic { keyPath: opacity repeatCount: 2 repeatDuration: 1s }\n",
         "t.cal:1:49: warning: both 'repeatCount' and 'repeatDuration' are set; 'repeatDuration' wins [W0003]\n 1 | let a = basic { keyPath: opacity repeatCount: 2 repeatDuration: 1s }\n   |                                                 ^~~~~~~~~~~~~~\n"),
        ("W0004", "let a = basic { keyPath: opacity from: 0 to: 1 by: 1 }\n",
         "t.cal:1:48: warning: 'from', 'to' and 'by' are all set; 'by' is ignored [W0004]\n 1 | let a = basic { keyPath: opacity from: 0 to: 1 by: 1 }\n   |                                                ^~\n"),
        ("W0005", "",
         "t.cal:1:1: warning: the file declares nothing [W0005]\n 1 | \n   | ^\n"),
    ]

    func render(_ bytes: [UInt8], id: String) -> String {
        let file = SourceFile(name: "t.cal", bytes: bytes)
        return Compiler.compile(file).diagnostics.first { $0.id == id }.map { $0.render(in: file) } ?? "<no \(id)>"
    }

    func testEachIdRendersExactly() {
        for (id, source, expected) in DiagnosticIDTests.cases {
            XCTAssertEqual(render(Array(source.utf8), id: id), expected, id)
        }
    }

    func testIdsOnLongLines() {
        // not valid UTF-8: reported once, at the first bad byte
        XCTAssertEqual(render([0x6C, 0x65, 0x74, 0x20, 0x78, 0x20, 0x3D, 0x20, 0xFF, 0x0A], id: "E0003"),
                       "t.cal:1:9: error: the file is not valid UTF-8 [E0003]\n 1 | let x = \u{FFFD}\n   |         ^ byte 0xff\n")
        let long = "// " + String(repeating: "x", count: 10_001)
        XCTAssertEqual(render(Array((long + "\n").utf8), id: "E0004"),
                       "t.cal:1:1: error: line is longer than 10000 bytes [E0004]\n 1 | \(long)\n   | ^\n")
        let deep = "let x = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        let col = 8 + 256
        XCTAssertEqual(render(Array((deep + "\n").utf8), id: "E0010"),
                       "t.cal:1:\(col): error: nesting is too deep (more than 256 levels) [E0010]\n 1 | \(deep)\n   | \(String(repeating: " ", count: col - 1))^\n")
    }

    /// Every id the sources can report has a case here and a row in docs/diagnostics.md.
    func testEveryIdHasACase() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var found = Set<String>()
        let sources = root.appendingPathComponent("Sources")
        for case let path as String in FileManager.default.enumerator(atPath: sources.path) ?? FileManager.default.enumerator(atPath: "/")!
        where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            var rest = Substring(text)
            while let r = rest.range(of: #""[EW][0-9]{4}""#, options: .regularExpression) {
                found.insert(String(rest[r].dropFirst().dropLast()))
                rest = rest[r.upperBound...]
            }
        }
        found.remove("E0100")   // also exercised below: its text depends on what was expected
        let covered = Set(DiagnosticIDTests.cases.map { $0.0 } + ["E0003", "E0004", "E0010"])
        XCTAssertEqual(found.subtracting(covered).sorted(), [], "ids without a test case")
        let docs = try String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        XCTAssertEqual(found.union(["E0100"]).filter { !docs.contains("| \($0) |") }.sorted(), [], "ids missing from docs/diagnostics.md")
    }
}
