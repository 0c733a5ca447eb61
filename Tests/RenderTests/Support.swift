// Helpers for the renderer tests: small scenes built by hand, pixel readers, and coverage sums.
// Expected values in the tests are worked out by hand in comments next to each assertion.

import CalcCore
import Compose
import DisplayList
import Render
import XCTest

extension Renderer {
    /// The scene lowered by Compose and rasterized (the whole drawing pipeline, without images).
    func render(_ scene: PresentationScene) -> Framebuffer { render(Compose.displayList(scene)) }
}

/// A scene of w × h points at scale 1 whose root layer fills the canvas and holds `layers`.
func scene(_ w: Double, _ h: Double, background: Color = .white, origin: Origin = .topLeft,
           scale: Double = 1, _ layers: [PresentationLayer]) -> PresentationScene {
    let root = PresentationLayer(name: "root", bounds: Rect(0, 0, w, h), position: Point(w / 2, h / 2), sublayers: layers)
    return PresentationScene(size: Size(w, h), scale: scale, background: background, origin: origin, root: root)
}

/// A layer whose frame (for an identity transform) is the given rect.
func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color = Color(1, 0, 0),
         _ configure: (inout PresentationLayer) -> Void = { _ in }) -> PresentationLayer {
    var l = PresentationLayer(bounds: Rect(0, 0, w, h), position: Point(x + w / 2, y + h / 2), backgroundColor: color)
    configure(&l)
    return l
}

func px(_ fb: Framebuffer, _ x: Int, _ y: Int) -> [Int] {
    let p = fb.rgba(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// Σ alpha / 255 over the image: the covered area in pixels for a shape drawn on a clear background.
func coveredArea(_ fb: Framebuffer) -> Double {
    fb.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
}

let white = [255, 255, 255, 255]
let red = [255, 0, 0, 255]
let blue = [0, 0, 255, 255]

func assertClose(_ a: [Int], _ b: [Int], tolerance: Int = 0, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let ok = a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(ok, "\(a) ≠ \(b) (±\(tolerance)) \(message)", file: file, line: line)
}
