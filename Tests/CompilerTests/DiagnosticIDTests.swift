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
        ("E0108", "at 1s {\n  while true { }\n}\n",
         "t.cal:2:3: error: CAL has no 'while' loop [E0108]\n 2 |   while true { }\n   |   ^~~~~ loop over a range with 'for i in 0..<n { … }', or repeat in time with 'every T { … }'\n"),
        ("E0268", "layer a { draw { a.opacity = 0.5 } }\n",
         "t.cal:1:18: error: a draw block only draws: it cannot change the scene [E0268]\n 1 | layer a { draw { a.opacity = 0.5 } }\n   |                  ^~~~~~~~~ set properties in a handler ('every frame { … }' runs at every frame)\n"),
        ("E0421", "let _k = keyframe { keyPath: opacity  values: [] }\n",
         "t.cal:1:47: error: a keyframe animation's 'values' is empty [E0421]\n 1 | let _k = keyframe { keyPath: opacity  values: [] }\n   |                                               ^~ give at least one value\n"),
        ("E0422", "let _k = keyframe { keyPath: opacity  values: [0, 1]  keyTimes: [0.5, 0.2] }\n",
         "t.cal:1:65: error: key times must not decrease: 0.5 is followed by 0.2 [E0422]\n 1 | let _k = keyframe { keyPath: opacity  values: [0, 1]  keyTimes: [0.5, 0.2] }\n   |                                                                 ^~~~~~~~~~\n"),
        ("E0423", "let _k = keyframe { keyPath: opacity  values: [0, 1]  keyTimes: [1] }\n",
         "t.cal:1:65: error: 'keyTimes' has 1 entry for 2 values [E0423]\n 1 | let _k = keyframe { keyPath: opacity  values: [0, 1]  keyTimes: [1] }\n   |                                                                 ^~~ one key time for each value\n"),
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
         "t.cal:1:14: error: fps must be more than 0 and at most 1000, found 0 [E0225]\n 1 | scene { fps: 0 }\n   |              ^\n"),
        ("E0226", "scene { size: (20000, 100) }\n",
         "t.cal:1:9: error: a canvas of 20000x100 pixels exceeds the limit of 16384 pixels a side [E0226]\n 1 | scene { size: (20000, 100) }\n   |         ^~~~\n"),
        ("E0227", "scene { fps: 1000 duration: 200s }\n",
         "t.cal:1:19: error: the scene has 200000 frames, more than the limit of 100000 [E0227]\n 1 | scene { fps: 1000 duration: 200s }\n   |                   ^~~~~~~~\n"),
        ("E0228", "at 1s { scene { } }\n",
         "t.cal:1:9: error: the scene must be declared at the top level [E0228]\n 1 | at 1s { scene { } }\n   |         ^~~~~~~~~\n"),
        ("E0233", "layer a { string: \"hi\" }\n",
         "t.cal:1:11: error: a plain layer has no property 'string' [E0233]\n 1 | layer a { string: \"hi\" }\n   |           ^~~~~~ 'string' belongs to text layers: declare it 'layer name: text'\n"),
        ("E0234", "mask { }\n",
         "t.cal:1:1: error: 'mask' belongs inside a layer [E0234]\n 1 | mask { }\n   | ^~~~~~~~\n"),
        ("E0231", "layer t: txet { }\n",
         "t.cal:1:10: error: unknown layer kind 'txet' [E0231]\n 1 | layer t: txet { }\n   |          ^~~~ did you mean 'text'?\n"),
        ("E0232", "for i in 0..<3 { layer dot { } }\n",
         "t.cal:1:24: error: a layer declared in a loop or function needs a name that differs each time [E0232]\n 1 | for i in 0..<3 { layer dot { } }\n   |                        ^~~ give it a string name, e.g. layer \"dot\\(i)\" { … }\n"),
        ("E0236", "func f() {\n  property w: number = 1\n}\n",
         "t.cal:2:12: error: custom properties must be declared at the top level [E0236]\n 2 |   property w: number = 1\n   |            ^ every layer has them, so they are declared once for the scene\n"),
        ("E0237", "property opacity: number = 1\n",
         "t.cal:1:10: error: 'opacity' is already a layer property [E0237]\n 1 | property opacity: number = 1\n   |          ^~~~~~~ a custom property needs a name of its own\n"),
        ("E0238", "property speedy: timing = .linear\n",
         "t.cal:1:18: error: a custom property cannot hold a timing function [E0238]\n 1 | property speedy: timing = .linear\n   |                  ^~~~~~ use number, duration, angle, bool, point, size, rect, color, string, transform, path or image\n"),
        ("E0239", "var k = 3\nproperty w: number = k\n",
         "t.cal:2:22: error: the default of a custom property must be a constant [E0239]\n 2 | property w: number = k\n   |                      ^ set computed values on the layers that need them\n"),
        ("E0240", "at -1s { }\n",
         "t.cal:1:4: error: an event time must be a non-negative finite duration, found -1s [E0240]\n 1 | at -1s { }\n   |    ^~~\n"),
        ("E0241", "every 0s { }\n",
         "t.cal:1:7: error: the interval of 'every' must be positive [E0241]\n 1 | every 0s { }\n   |       ^~\n"),
        ("E0242", "layer a { cell spark { } }\n",
         "t.cal:1:16: error: a plain layer has no emitter cells [E0242]\n 1 | layer a { cell spark { } }\n   |                ^~~~~ cells belong to emitter layers: declare it 'layer a: emitter'\n"),
        ("E0243", "layer e: emitter {\n  cell spark { }\n  cell spark { }\n}\n",
         "t.cal:3:8: error: cell 'spark' is declared twice in layer 'e' [E0243]\n 3 |   cell spark { }\n   |        ^~~~~\n   = note: the first declaration is on line 2; cells are found by name\n"),
        ("E0244", "layer e: emitter { cell spark { } }\nat 1s { e.emitterCells.sprak.birthRate = 0 }\n",
         "t.cal:2:11: error: unknown emitter cell 'sprak' on layer 'e' [E0244]\n 2 | at 1s { e.emitterCells.sprak.birthRate = 0 }\n   |           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~ did you mean 'spark'?\n"),
        ("E0245", "layer e: emitter { cell spark { birthrate: 10 } }\n",
         "t.cal:1:33: error: emitter cells have no property 'birthrate' [E0245]\n 1 | layer e: emitter { cell spark { birthrate: 10 } }\n   |                                 ^~~~~~~~~ did you mean 'birthRate'?\n"),
        ("E0246", "layer e: emitter { cell spark { layer x { } } }\n",
         "t.cal:1:33: error: a cell holds properties ('name: value') and cells only [E0246]\n 1 | layer e: emitter { cell spark { layer x { } } }\n   |                                 ^~~~~~~~~~~ move it into the layer's body; the cell is reached from there as 'emitterCells.spark.…'\n"),
        ("E0247", "layer e: emitter { emitterCells: [\"a\"] }\n",
         "t.cal:1:20: error: 'emitterCells' is made from the layer's cell declarations [E0247]\n 1 | layer e: emitter { emitterCells: [\"a\"] }\n   |                    ^~~~~~~~~~~~ declare cells with 'cell NAME { … }' in an emitter layer\n"),
        ("E0248", "layer e: emitter { cell a { cell b { cell c { cell d { cell f { cell g { } } } } } } }\n",
         "t.cal:1:70: error: emitter cells nest at most 5 levels deep [E0248]\n 1 | layer e: emitter { cell a { cell b { cell c { cell d { cell f { cell g { } } } } } } }\n   |                                                                      ^ the particle model ignores cells deeper than that\n"),
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
        ("E0299", "layer a { fill(rectPath((0, 0, 1, 1)), #fff) }\n",
         "t.cal:1:11: error: 'fill' draws, so it belongs in a layer's 'draw { … }' block [E0299]\n 1 | layer a { fill(rectPath((0, 0, 1, 1)), #fff) }\n   |           ^~~~\n"),
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
        // column 21 is the '(' after "layer a { position: " (20 characters); the caret covers "(infinity, 0)"
        ("E0310", "layer a { position: (infinity, 0) }\n",
         "t.cal:1:21: error: a component of this point is not finite [E0310]\n 1 | layer a { position: (infinity, 0) }\n   |                     ^~~~~~~~~~~~~ geometry, colours and transforms need finite numbers\n"),
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
         "t.cal:1:9: error: a keyframe animation needs 'values' or 'path' [E0408]\n 1 | let a = keyframe { keyPath: opacity }\n   |         ^~~~~~~~\n"),
        ("E0409", "let a = group { duration: 1s }\n",
         "t.cal:1:9: error: a group needs 'animations: [ … ]' [E0409]\n 1 | let a = group { duration: 1s }\n   |         ^~~~~\n"),
        ("E0410", "layer a { animations { m: basic { keyPath: opacity } m: basic { keyPath: opacity } } }\n",
         "t.cal:1:54: error: animation key 'm' is used twice on layer 'a' [E0410]\n 1 | layer a { animations { m: basic { keyPath: opacity } m: basic { keyPath: opacity } } }\n   |                                                      ^\n   = note: first used on line 1; a second animation with the same key would replace the first\n"),
        ("E0411", "let a = basic { keyPath: opacity valueFunction: .rotateZ }\n",
         "t.cal:1:49: error: a value function needs a key path holding a whole transform, not 'opacity' [E0411]\n 1 | let a = basic { keyPath: opacity valueFunction: .rotateZ }\n   |                                                 ^~~~~~~~\n"),
        ("E0412", "layer a { }\nat 1s { a.addAnimation(basic { keyPath: opacity }, \"k\") }\n",
         "t.cal:2:9: error: addAnimation takes an animation and an optional key: 'a.addAnimation(anim, forKey: \"key\")' or 'a.addAnimation(anim)' [E0412]\n 2 | at 1s { a.addAnimation(basic { keyPath: opacity }, \"k\") }\n   |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"),
        ("E0413", "layer a { }\nat 1s { a.addAnimaton(basic { keyPath: opacity }, forKey: \"k\") }\n",
         "t.cal:2:11: error: layer 'a' has no method 'addAnimaton' [E0413]\n 2 | at 1s { a.addAnimaton(basic { keyPath: opacity }, forKey: \"k\") }\n   |           ^~~~~~~~~~~ did you mean 'addAnimation'?\n"),
        ("E0414", "layer a { }\nat 1s { a.removeAnimation(forKey: \"\") }\n",
         "t.cal:2:35: error: an animation key must not be empty [E0414]\n 2 | at 1s { a.removeAnimation(forKey: \"\") }\n   |                                   ^~\n"),
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
        ("E0420", "let a = keyframe { keyPath: opacity  path: moveTo((0, 0)) }\n",
         "t.cal:1:38: error: only a point moves along a path; 'opacity' is a number [E0420]\n 1 | let a = keyframe { keyPath: opacity  path: moveTo((0, 0)) }\n   |                                      ^~~~ animate 'position' (or another point) with 'path'\n"),
        ("E0440", "layer a { constraints { midZ: superlayer.midX } }\n",
         "t.cal:1:25: error: unknown constraint attribute 'midZ' [E0440]\n 1 | layer a { constraints { midZ: superlayer.midX } }\n   |                         ^~~~ did you mean 'midX'?\n"),
        ("E0441", "layer a { constraints { minX: 10 } }\n",
         "t.cal:1:31: error: a constraint is 'source.attribute', optionally '* scale' and '+ offset' [E0441]\n 1 | layer a { constraints { minX: 10 } }\n   |                               ^~ e.g. 'superlayer.midX', 'title.maxY + 8', 'superlayer.width * 0.5'\n"),
        ("E0442", "layer a { constraints { minX: superlayer.minY } }\n",
         "t.cal:1:42: error: 'minX' is on the x axis, 'minY' on the y axis [E0442]\n 1 | layer a { constraints { minX: superlayer.minY } }\n   |                                          ^~~~ a constraint relates two attributes on one axis\n"),
        ("E0443", "layer a { constraints { minX: superlayer.minX  maxX: superlayer.maxX  width: superlayer.width } }\n",
         "t.cal:1:71: error: more than two constraints on the x axis [E0443]\n 1 | layer a { constraints { minX: superlayer.minX  maxX: superlayer.maxX  width: superlayer.width } }\n   |                                                                       ^~~~~ two relationships fix an axis (seed 000:1247); remove one\n"),
        ("E0444", "layer b { }\nlayer a { constraints { minX: bb.maxX } }\n",
         "t.cal:2:31: error: 'bb' is not a sibling of 'a' [E0444]\n 2 | layer a { constraints { minX: bb.maxX } }\n   |                               ^~ constraints relate a layer to its superlayer or a layer declared beside it\n"),
        ("E0445", "layer a { constraints { minX: b.maxX } }\nlayer b { constraints { minX: a.maxX } }\n",
         "t.cal:2:31: error: the x-axis constraints of 'a' → 'b' → 'a' form a cycle [E0445]\n 2 | layer b { constraints { minX: a.maxX } }\n   |                               ^~~~~~ one of these layers must be placed without the others\n"),
        ("E0446", "layer a { constraints { minX: superlayer.minX  minX: superlayer.midX } }\n",
         "t.cal:1:48: error: 'minX' is constrained twice [E0446]\n 1 | layer a { constraints { minX: superlayer.minX  minX: superlayer.midX } }\n   |                                                ^~~~\n   = note: first constrained on line 1\n"),
        ("E0447", "layer a { constraints { minX: a.maxX } }\n",
         "t.cal:1:31: error: 'a' is constrained relative to itself [E0447]\n 1 | layer a { constraints { minX: a.maxX } }\n   |                               ^\n"),
        ("E0450", "layer a { filters: [gausianBlur()] }\n",
         "t.cal:1:21: error: a filter is one of gaussianBlur, bloom, colorControls, posterize, written as a call [E0450]\n 1 | layer a { filters: [gausianBlur()] }\n   |                     ^~~~~~~~~~~~~ did you mean 'gaussianBlur'?\n"),
        ("E0451", "layer a { filters: [bloom(inputRadiuss: 3)] }\n",
         "t.cal:1:27: error: bloom has no input 'inputRadiuss' [E0451]\n 1 | layer a { filters: [bloom(inputRadiuss: 3)] }\n   |                           ^~~~~~~~~~~~ did you mean 'inputRadius'?\n"),
        ("E0452", "layer a { filters: [bloom(), bloom()] }\n",
         "t.cal:1:30: error: two filters named 'bloom' in one list [E0452]\n 1 | layer a { filters: [bloom(), bloom()] }\n   |                              ^~~~~~~\n   = note: the first is on line 1; give one a 'name:'\n"),
        ("E0453", "layer a { filters: [bloom()] }\nat 1s { a.filters.glow.inputRadius = 3 }\n",
         "t.cal:2:11: error: no filter named 'glow' in any layer's 'filters' [E0453]\n 2 | at 1s { a.filters.glow.inputRadius = 3 }\n   |           ^~~~~~~~~~~~~~~~~~~~~~~~ name a filter with 'name:' where it is declared\n"),
        ("E0500", "layer ball { }\ndynamics { 12 }\n",
         "t.cal:2:12: error: expected a behaviour such as 'gravity fall { items: [ball] }' [E0500]\n 2 | dynamics { 12 }\n   |            ^~ only behaviours belong in a 'dynamics' block\n"),
        ("E0501", "layer ball { }\ndynamics { gravty g { items: [ball] } }\n",
         "t.cal:2:12: error: unknown behaviour kind 'gravty' [E0501]\n 2 | dynamics { gravty g { items: [ball] } }\n   |            ^~~~~~ did you mean 'gravity'?\n"),
        ("E0502", "at 1s { dynamics { } }\n",
         "t.cal:1:9: error: 'dynamics' must be declared at the top level [E0502]\n 1 | at 1s { dynamics { } }\n   |         ^~~~~~~~~~~~ its behaviours have global names; set their 'active' field to start or stop them later\n"),
        ("E0503", "layer ball { }\ndynamics { gravity g { items: [ball]  magnitud: 2 } }\n",
         "t.cal:2:39: error: gravity 'g' has no field 'magnitud' [E0503]\n 2 | dynamics { gravity g { items: [ball]  magnitud: 2 } }\n   |                                       ^~~~~~~~ did you mean 'magnitude'?\n"),
        ("E0504", "layer ball { }\ndynamics { gravity g { items: [ball]  items: [ball] } }\n",
         "t.cal:2:39: error: 'items' is set twice [E0504]\n 2 | dynamics { gravity g { items: [ball]  items: [ball] } }\n   |                                       ^~~~~\n   = note: first set on line 2\n"),
        ("E0505", "layer ball { }\ndynamics { push p { items: [ball] } }\n",
         "t.cal:2:17: error: push 'p' needs a 'mode': .instantaneous or .continuous [E0505]\n 2 | dynamics { push p { items: [ball] } }\n   |                 ^\n"),
        ("E0506", "layer a { }\nlayer b { }\ndynamics { attachment r { item: a  anchor: (0, 0)  attachedTo: b } }\n",
         "t.cal:3:36: error: an attachment hangs from an 'anchor' point or from an item ('attachedTo'), not both [E0506]\n 3 | dynamics { attachment r { item: a  anchor: (0, 0)  attachedTo: b } }\n   |                                    ^~~~~~\n"),
        ("E0507", "dynamics { gravity g { } }\nlet x = g\n",
         "t.cal:2:9: error: 'g' is a gravity behaviour, not a value [E0507]\n 2 | let x = g\n   |         ^ use one of its fields, e.g. 'g.active'\n"),
        ("E0508", "dynamics { gravity g { } }\nat 1s { g.angle.x = 2 }\n",
         "t.cal:2:17: error: a behaviour's field is set whole [E0508]\n 2 | at 1s { g.angle.x = 2 }\n   |                 ^ assign 'g.angle' instead\n"),
        ("E0509", "dynamics { collision walls { } }\non wals.beganContact { }\n",
         "t.cal:2:4: error: unknown collision behaviour 'wals' [E0509]\n 2 | on wals.beganContact { }\n   |    ^~~~ did you mean 'walls'?\n"),
        ("E0510", "dynamics { gravity g { } }\non g.beganContact { }\n",
         "t.cal:2:4: error: 'g' is a gravity behaviour; contacts are reported by collision behaviours [E0510]\n 2 | on g.beganContact { }\n   |    ^\n"),
        ("E0511", "dynamics { collision c { } }\non c.beganContact(a, b, p, q) { }\n",
         "t.cal:2:28: error: beganContact takes at most three names: the item, its partner and the contact point [E0511]\n 2 | on c.beganContact(a, b, p, q) { }\n   |                            ^\n"),
        ("E0512", "layer a { }\ndynamics { attachment r { item: a  anchor: (0, 0)  length: -5 } }\n",
         "t.cal:2:60: error: 'length' cannot be -5: it must not be negative [E0512]\n 2 | dynamics { attachment r { item: a  anchor: (0, 0)  length: -5 } }\n   |                                                            ^~\n"),
        ("E0513", "dynamics { gravity g { } }\nat 1s { g.addItem(root) }\n",
         "t.cal:2:11: error: gravity 'g' has no method 'addItem' [E0513]\n 2 | at 1s { g.addItem(root) }\n   |           ^~~~~~~ set its items instead, e.g. 'g.items = g.items + [other]'\n"),
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
        ("W0013", "let _a = keyframe { keyPath: position  values: [(0, 0)]  rotationMode: .auto }\n",
         "t.cal:1:58: warning: 'rotationMode' has no effect without a 'path' [W0013]\n 1 | let _a = keyframe { keyPath: position  values: [(0, 0)]  rotationMode: .auto }\n   |                                                          ^~~~~~~~~~~~\n"),
        ("W0014", "layer a { backgroundColor: rgb(255, 128, 0) }\n",
         "t.cal:1:28: warning: rgb takes components from 0 to 1; values above 1 are clamped to 1 [W0014]\n 1 | layer a { backgroundColor: rgb(255, 128, 0) }\n   |                            ^~~~~~~~~~~~~~~~ for 0…255 components divide by 255: rgb(1, 0.502, 0)\n"),
        ("W0015", "layer a { backgroundColor: hsb(0.5, 1, 1) }\n",
         "t.cal:1:32: warning: the hue of hsb is an angle: 0.5 is read as 0.5 rad [W0015]\n 1 | layer a { backgroundColor: hsb(0.5, 1, 1) }\n   |                                ^~~ for UIKit's 0…1 hue write 180deg\n"),
        ("W0016", "layer a { }\nat 1s { a.addAnimation(transition { type: .fade }, forKey: \"k\") }\n",
         "t.cal:2:60: warning: a transition is always attached under the key 'transition', not 'k' [W0016]\n 2 | at 1s { a.addAnimation(transition { type: .fade }, forKey: \"k\") }\n   |                                                            ^~~ use forKey: \"transition\"\n"),
        // 45 > 2π ≈ 6.283: a plain-number angle past a full turn; 500 > 60: a plain-number duration past a minute
        ("W0019", "layer a { transform: rotate(45) }\n",
         "t.cal:1:29: warning: a plain number as an angle is in radians: 45 is 45 rad, more than a full turn [W0019]\n 1 | layer a { transform: rotate(45) }\n   |                             ^~ for degrees write 45deg (45rad keeps radians)\n"),
        ("W0020", "let _a = basic { keyPath: opacity duration: 500 }\n",
         "t.cal:1:45: warning: a plain number as a duration is in seconds: 500 is 500 s, over a minute [W0020]\n 1 | let _a = basic { keyPath: opacity duration: 500 }\n   |                                             ^~~ for milliseconds write 500ms (500s keeps seconds)\n"),
        // the string literal starts at column 27 ('layer a { contents: image(' is 26 characters) and spans 10
        ("W0021", "layer a { contents: image(\"../x.png\") }\n",
         "t.cal:1:27: warning: image path '../x.png' is outside the script's folder [W0021]\n 1 | layer a { contents: image(\"../x.png\") }\n   |                           ^~~~~~~~~~ calc run reads it only from a folder given with --allow-read DIR\n"),
        ("W0022", "layer e: emitter { preservesDepth: true }\n",
         "t.cal:1:20: warning: 'preservesDepth: true' has no effect [W0022]\n 1 | layer e: emitter { preservesDepth: true }\n   |                    ^~~~~~~~~~~~~~ particles are drawn in the emitter layer's plane; z only orders backToFront\n"),
        // columns: 'layer t: transform { ' is 20 characters, 'layer a { shouldRasterize: true ' 32, 'layer e: emitter { ' 19
        ("W0023", "layer t: transform { backgroundColor: #ff0000 }\n",
         "t.cal:1:22: warning: 'backgroundColor' has no effect on a transform layer [W0023]\n 1 | layer t: transform { backgroundColor: #ff0000 }\n   |                      ^~~~~~~~~~~~~~~ a transform layer draws only its sublayers, none of its own properties\n"),
        ("W0024", "layer a { shouldRasterize: true rasterizationScale: 0.5 }\n",
         "t.cal:1:33: warning: 'rasterizationScale' has no effect [W0024]\n 1 | layer a { shouldRasterize: true rasterizationScale: 0.5 }\n   |                                 ^~~~~~~~~~~~~~~~~~ layers are always drawn at the output's resolution; shouldRasterize is only a caching hint\n"),
        ("W0025", "layer e: emitter { emitterZPosition: 40 }\n",
         "t.cal:1:20: warning: 'emitterZPosition' has no effect [W0025]\n 1 | layer e: emitter { emitterZPosition: 40 }\n   |                    ^~~~~~~~~~~~~~~~ particles are drawn in the emitter layer's plane; one z for all of them changes no order\n"),
        ("W0026", "layer e: emitter { emitterDepth: 40 }\n",
         "t.cal:1:20: warning: 'emitterDepth' has no effect unless renderMode is .backToFront [W0026]\n 1 | layer e: emitter { emitterDepth: 40 }\n   |                    ^~~~~~~~~~~~ particles are drawn in the emitter layer's plane; z only orders backToFront\n"),
        ("W0027", "layer t: text { contents: image(\"x.png\") }\n",
         "t.cal:1:17: warning: 'contents' has no effect on a text layer; its text shows [W0027]\n 1 | layer t: text { contents: image(\"x.png\") }\n   |                 ^~~~~~~~ a text layer draws its string into its own contents, replacing the image\n"),
        // 'layer e: emitter { cell ' is 24 characters: the cell's name starts at column 25
        ("W0028", "layer e: emitter { cell spark { birthRate: 5 } }\n",
         "t.cal:1:25: warning: cell 'spark' has no contents: its particles draw nothing [W0028]\n 1 | layer e: emitter { cell spark { birthRate: 5 } }\n   |                         ^~~~~ give it an image, e.g. 'contents: image(\"spark.png\")' (Core Animation draws nothing for a cell without contents)\n"),
        // 'layer e: emitter { cell s { contents: image("x.png") ' is 53 characters: the bias starts at column 54
        ("W0029", "layer e: emitter { cell s { contents: image(\"x.png\") minificationFilterBias: 1 } }\n",
         "t.cal:1:54: warning: 'minificationFilterBias' has no effect unless minificationFilter is .trilinear [W0029]\n 1 | layer e: emitter { cell s { contents: image(\"x.png\") minificationFilterBias: 1 } }\n   |                                                      ^~~~~~~~~~~~~~~~~~~~~~ only trilinear minification reads the mipmaps whose level the bias moves\n"),
        ("W0010", "func helper() { }\nlayer a { }\n",
         "t.cal:1:6: warning: function 'helper' is never called [W0010]\n 1 | func helper() { }\n   |      ^~~~~~ remove it, or start its name with '_' to keep it\n"),
        ("W0011", "let x = 5\nat 1s { let x = 2\n  root.opacity = x }\n",
         "t.cal:2:13: warning: 'x' shadows the declaration on line 1 [W0011]\n 2 | at 1s { let x = 2\n   |             ^ give it another name, or the outer 'x' cannot be reached here\n"),
        ("W0012", "func f() -> number {\n  return 1\n  f()\n}\nlayer a { opacity: f() }\n",
         "t.cal:3:3: warning: this code never runs: it follows a 'return' [W0012]\n 3 |   f()\n   |   ^~~\n"),
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
        // a long line is shown 60 columns either side of the caret: here columns 1…61 (the caret's
        // column, then 60 more), cut after with "…"
        XCTAssertEqual(render(Array((long + "\n").utf8), id: "E0004"),
                       "t.cal:1:1: error: line is longer than 10000 bytes [E0004]\n 1 | \(long.prefix(61))…\n   | ^ the rest of the file is not read\n")
        let deep = "let x = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        let col = 8 + 256
        // the window is columns col − 60 … col + 60 (scalars 203..<324), "…" on both sides, so the
        // caret sits in column 62 of the shown text (61 spaces before it)
        let window = String(Array(deep)[(col - 61)..<(col + 60)])
        XCTAssertEqual(render(Array((deep + "\n").utf8), id: "E0010"),
                       "t.cal:1:\(col): error: nesting is too deep (more than 256 levels) [E0010]\n 1 | …\(window)…\n   | \(String(repeating: " ", count: 61))^\n")
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
        // (W0017 comes from the command line, which looks for image files: CLITests)
        let covered = Set(DiagnosticIDTests.cases.map { $0.0 } + ["E0003", "E0004", "E0010", "W0017"])
        XCTAssertEqual(found.subtracting(covered).sorted(), [], "ids without a test case")
        let docs = try String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        XCTAssertEqual(found.union(["E0100"]).filter { !docs.contains("| \($0) |") }.sorted(), [], "ids missing from docs/diagnostics.md")
    }
}

/// Floods of diagnostics are capped (issue 13, item 2): 100 errors and 100 warnings per file, a
/// closing line with the rest, interpolations nested at most 32 deep.
final class DiagnosticFloodTests: XCTestCase {
    func rendered(_ source: String) -> String {
        let file = SourceFile(name: "t.cal", text: source)
        return Diagnostic.renderCapped(Compiler.compile(file).diagnostics, in: file)
    }

    func testErrorsAreCappedAtAHundredWithAClosingLine() {
        // each unmatched '}' is one E0103: 100 are shown, not 101; 9 999 gives 9 899 more
        let at = rendered(String(repeating: "}\n", count: 100))
        XCTAssertEqual(at.components(separatedBy: "[E0103]").count - 1, 100)
        XCTAssertFalse(at.contains("too many"))
        let past = rendered(String(repeating: "}\n", count: 101))
        XCTAssertEqual(past.components(separatedBy: "[E0103]").count - 1, 100)
        XCTAssertTrue(past.hasSuffix("t.cal: too many diagnostics: 1 more error not shown (at most 100 errors and 100 warnings are printed)\n"), past.suffix(200).description)
        let flood = rendered(String(repeating: "}", count: 9_999) + "\n")
        XCTAssertTrue(flood.hasSuffix("9899 more errors not shown (at most 100 errors and 100 warnings are printed)\n"))
        // every error echoes at most 121 columns of the 9 999-column line, plus two "…"
        XCTAssertLessThan(flood.utf8.count, 100 * 400)
    }

    func testInterpolationNestingEndsAtThirtyTwo() {
        func source(_ depth: Int) -> String {
            "let s = " + String(repeating: "\"\\(", count: depth) + "1" + String(repeating: ")\"", count: depth) + "\n"
        }
        let ids = { (s: String) in Compiler.compile(SourceFile(name: "t.cal", text: s)).diagnostics.filter { $0.severity == .error }.map(\.id) }
        XCTAssertEqual(ids(source(32)), [])                 // at the limit
        XCTAssertEqual(ids(source(33)), ["E0010"])          // one past: one error, nothing more
        let deep = rendered(source(8_000))
        XCTAssertEqual(deep.components(separatedBy: "[E0010]").count - 1, 1, deep)
    }
}
