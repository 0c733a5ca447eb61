import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

/// A snapshot's prebuilt layers (Templates.swift) with the animated fields written over them must
/// make exactly the tree the full build makes from each layer's values. The full build is the
/// independent reference: every sample, at frame times across its duration, both ways.
final class PresentationTemplateTests: XCTestCase {
    func testEverySampleTheSameTreeWithAndWithoutTemplates() throws {
        let root = URL(fileURLWithPath: samplePath(""))
        let files = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "cal" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThan(files.count, 20)
        var compared = 0, templated = 0
        for url in files {
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                  let program = Compiler.compile(SourceFile(name: url.lastPathComponent, text: text)).program,
                  let verified = try? Verifier.verified(program),
                  let tl = try? Timeline.run(verified, until: program.scene.duration) else { continue }
            let frames = Timeline.frameCount(program.scene)
            // up to 12 frames spread over the scene, each presented twice (a snapshot's table is
            // made on its second use) and once without templates
            let step = max(1, frames / 12)
            for i in stride(from: 0, to: max(1, frames), by: step) {
                let t = tl.frameTime(i)
                guard (try? tl.presentation(at: t)) != nil else { continue }
                let fast = try tl.presentation(at: t)
                let full = try tl.presentation(at: t, usingTemplates: false)
                XCTAssertEqual(fast.root, full.root, "\(url.lastPathComponent) at \(t) s")
                compared += 1
            }
            if tl.templateCache.madeAny { templated += 1 }
        }
        XCTAssertGreaterThan(compared, 100)
        // (most samples animate; a sample whose layers all need the full build has no template)
        XCTAssertGreaterThan(templated, 10)
    }

    /// A layer out of the templates' reach takes the full build: a bound expression, an animation of
    /// a property `setField` does not write, five animations.
    func testEligibility() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 1s }
        layer plain { bounds: (0, 0, 10, 10) }
        layer moving { bounds: (0, 0, 10, 10)
            animations { slide: basic { keyPath: position.x  from: 0  to: 100  duration: 1s } } }
        layer bound { bounds: (0, 0, 10, 10)  opacity: time < 0.25s ? 1 : 0.5 }
        layer stroke: shape { path: moveTo((0, 0)) + lineTo((10, 10))
            animations { draw: basic { keyPath: strokeEnd  from: 0  to: 1  duration: 1s } } }
        """)
        let w = tl.world(at: 0.5)
        func eligible(_ name: String) -> Bool? {
            guard let i = w.layers.firstIndex(where: { $0.props[Int(LayerProperties.name)].string == name }) else { return nil }
            return PresentationTemplates.eligible(w.layers[i])
        }
        XCTAssertEqual(eligible("plain"), true)
        XCTAssertEqual(eligible("moving"), true)
        XCTAssertEqual(eligible("bound"), false)
        XCTAssertEqual(eligible("stroke"), false)
        // and the tree is the full build's, on the second use (the first makes no table)
        _ = try tl.presentation(at: 0.5)
        let fast = try tl.presentation(at: 0.5)
        XCTAssertTrue(tl.templateCache.madeAny)
        XCTAssertEqual(fast.root, try tl.presentation(at: 0.5, usingTemplates: false).root)
        // position.x at 0.5 s of a linear 0 → 100 animation: 50
        XCTAssertEqual(fast.root.find("moving")?.position.x, 50)
    }

    /// Tables are made on a snapshot's second use, and only while they fit the budget: one table
    /// of this world takes layers × the layer's stride, so a budget one byte short makes none.
    func testTablesAreMadeOnTheSecondUseWithinTheBudget() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 1s }
        layer a { bounds: (0, 0, 10, 10) }
        layer b { bounds: (0, 0, 10, 10)
            animations { fade: basic { keyPath: opacity  from: 1  to: 0  duration: 1s } } }
        """)
        let w = tl.world(at: 0)
        let size = w.layers.count * MemoryLayout<PresentationLayer>.stride
        let fits = TemplateCache(budget: size), short = TemplateCache(budget: size - 1)
        XCTAssertNil(fits.templates(0, image: tl.image, world: w))
        XCTAssertNotNil(fits.templates(0, image: tl.image, world: w))
        XCTAssertNil(short.templates(0, image: tl.image, world: w))
        XCTAssertNil(short.templates(0, image: tl.image, world: w))
        XCTAssertFalse(short.madeAny)
    }
}
