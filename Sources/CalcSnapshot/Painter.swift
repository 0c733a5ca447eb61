// The last stages of a frame, shared by `calc run`, `calc test` and the benchmarks: a presentation
// scene is lowered to a display list (Compose) and the list rasterized (Render) with the scene's
// images, decoded once per run and shared read-only by every render thread, and its fonts (the text
// service is a value the driver hands to Compose, not a global Compose reaches for).

import CalcCore
import DisplayList
import Compose
import Render
import TextLayout

/// Turns presentation scenes into pixels with a run's images.
public struct Painter: Sendable {
    public let images: [String: RasterImage]
    public let sizes: [String: ImageSize]
    /// The fonts text is shaped and outlined with (shared by the render threads; it locks).
    public let text: TextMeasure

    /// A painter for images already decoded (premultiplied), keyed by the names the script uses, and
    /// the fonts of `text` (the process's own service by default, the one the VM measures with).
    public init(images: [String: Framebuffer] = [:], text: TextMeasure = .shared) {
        self.text = text
        var r: [String: RasterImage] = [:], s: [String: ImageSize] = [:]
        for (name, fb) in images {
            r[name] = RasterImage(fb)
            s[name] = ImageSize(width: fb.width, height: fb.height)
        }
        self.images = r
        sizes = s
    }

    /// The scene's display list.
    public func displayList(_ scene: PresentationScene) -> DisplayList {
        Compose.displayList(scene, images: sizes, text: text)
    }

    /// Renders the scene into `fb` with a renderer of the calling thread.
    public func render(_ scene: PresentationScene, with renderer: Renderer, into fb: inout Framebuffer) {
        renderer.render(displayList(scene), images: images, into: &fb)
    }

    /// Renders the scene into a new framebuffer.
    public func render(_ scene: PresentationScene, with renderer: Renderer = Renderer()) -> Framebuffer {
        renderer.render(displayList(scene), images: images)
    }
}
