// Dynamics behaviours run by the VM. Expected positions are derived by hand from the solver's
// documented integrator (docs/physics.md): semi-implicit Euler at h = 1/240 s, so from rest under
// gravity g = 1000 × magnitude points/s², after n steps v = n·g·h and the fall is g·h²·n(n+1)/2 =
// ½·g·t·(t + h) at t = n·h; an instantaneous push of magnitude m on an item of mass 1 (100 × 100 at
// density 1) changes its velocity by 100·m points/s.

import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

final class DynamicsTests: XCTestCase {
    static let h = 1.0 / 240

    /// The fall from rest after t seconds at gravity magnitude m.
    static func fall(_ t: Double, magnitude m: Double = 1) -> Double { 0.5 * 1000 * m * t * (t + h) }

    func position(_ tl: Timeline, _ name: String, _ t: Double) -> Point { tl.layer(name, at: t).position }

    func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, "y", file: file, line: line)
    }

    static let ball = """
    scene { size: (200, 200) fps: 10 duration: 4s }
    layer ball { bounds: (0, 0, 20, 20) position: (100, 20) backgroundColor: .red }
    """

    func testFreeFallMatchesTheIntegrator() throws {
        let tl = try timeline(Self.ball + "\ndynamics { gravity g { items: [ball] } }\n")
        assertPoint(position(tl, "ball", 0), 100, 20)
        assertPoint(position(tl, "ball", 0.5), 100, 20 + Self.fall(0.5))       // 146.041666…
        XCTAssertEqual(Self.fall(0.5), 126.0416666, accuracy: 1e-6)
        assertPoint(position(tl, "ball", 1.3), 100, 20 + Self.fall(1.3))
    }

    func testFramesDoNotDependOnEachOther() throws {
        let source = Self.ball + """

        layer box { bounds: (0, 0, 30, 30) position: (60, 40) }
        dynamics {
            gravity g { items: [ball, box] }
            collision walls { items: [ball, box]  boundary: root.bounds }
            itemBehavior bouncy { items: [ball]  elasticity: 0.6 }
            push kick { items: [box]  mode: .instantaneous  angle: 0deg  magnitude: 0.5 }
        }
        at 1.05s { g.angle = -60deg }
        """
        let a = try timeline(source), b = try timeline(source)
        let a10 = try a.presentation(at: 1.0), a3 = try a.presentation(at: 0.3)
        let b3 = try b.presentation(at: 0.3), b10 = try b.presentation(at: 1.0)
        XCTAssertEqual(a10, b10)
        XCTAssertEqual(a3, b3)
        XCTAssertEqual(try a.presentation(at: 2.5), try b.presentation(at: 2.5))
        XCTAssertEqual(try a.presentation(at: 1.0), a10, "rendering again gives the same tree")
        XCTAssertNotEqual(a3.root.find("ball")?.position, a10.root.find("ball")?.position)
    }

    func testBehaviourChangedAtTwoSeconds() throws {
        let source = Self.ball + """

        dynamics { gravity g { items: [ball] }  itemBehavior plain { items: [ball] } }
        at 1s { g.magnitude = 2 }
        at 2s { g.active = false }
        """
        let tl = try timeline(source)
        // up to 1 s: free fall; then n steps more at 2g from v1 = 240·g·h: y1 + n·h·v1 + 2g·h²·n(n+1)/2
        let y1 = 20 + Self.fall(1)
        let v1 = 1000.0
        func later(_ n: Double) -> Double { y1 + n * Self.h * v1 + 2000 * Self.h * Self.h * n * (n + 1) / 2 }
        assertPoint(position(tl, "ball", 1.5), 100, later(120))     // 1274.1666…
        XCTAssertEqual(later(120), 1274.1666666, accuracy: 1e-6)
        // from 2 s gravity is gone: the ball, still in the animator through 'plain', keeps the
        // velocity it had, v2 = v1 + 240·2g·h = 3000
        assertPoint(position(tl, "ball", 2), 100, later(240), accuracy: 1e-6)
        assertPoint(position(tl, "ball", 3), 100, later(240) + 3000, accuracy: 1e-6)
        // in no behaviour, an item leaves the animator and stays where it is (UIKit)
        let alone = try timeline(source.replacingOccurrences(of: "itemBehavior plain { items: [ball] }", with: ""))
        assertPoint(position(alone, "ball", 3), 100, later(240), accuracy: 1e-6)
    }

    func testHandlerReadsTheSimulatedPosition() throws {
        let tl = try timeline(Self.ball + """

        layer marker { bounds: (0, 0, 4, 4) }
        dynamics { gravity g { items: [ball] } }
        at 0.5s {
            let p = ball.position
            let q = ball.presentation.position
            transaction(disableActions: true) { marker.position = p; marker.bounds.size = (q.y, 4) }
        }
        """)
        assertPoint(position(tl, "marker", 0.5), 100, 20 + Self.fall(0.5))
        XCTAssertEqual(tl.layer("marker", at: 0.5).bounds.size.width, 20 + Self.fall(0.5), accuracy: 1e-9)
    }

    func testBottomLeftOriginFallsDownOnScreen() throws {
        let tl = try timeline("""
        scene { size: (200, 200) fps: 10 duration: 2s origin: .bottomLeft }
        layer ball { bounds: (0, 0, 20, 20) position: (100, 180) }
        dynamics { gravity g { items: [ball] } }
        """)
        assertPoint(position(tl, "ball", 0.5), 100, 180 - Self.fall(0.5))     // 53.958333…
        // a floor at the bottom (y = 0 in this scene): the ball rests with its centre 10 above it
        let floor = try timeline("""
        scene { size: (200, 200) fps: 10 duration: 3s origin: .bottomLeft }
        layer ball { bounds: (0, 0, 20, 20) position: (100, 180) }
        dynamics { gravity g { items: [ball] }  collision c { items: [ball]  boundary: root.bounds } }
        """)
        assertPoint(position(floor, "ball", 3), 100, 10, accuracy: 0.05)
    }

    func testAnchorPointAndTransformAreRespected() throws {
        // anchor (0, 0): the centre is half the size from the position, through the 30° rotation
        let tl = try timeline("""
        scene { size: (200, 200) fps: 10 duration: 1s }
        layer tile { bounds: (0, 0, 20, 20) anchorPoint: (0, 0) position: (90, 10) transform: rotate(30deg) }
        dynamics { gravity g { items: [tile] } }
        """)
        let t = tl.layer("tile", at: 0.5)
        assertPoint(t.position, 90, 10 + Self.fall(0.5), accuracy: 1e-9)
        XCTAssertEqual(Component.rotationZ.get(.transform(t.transform)).number ?? 0, Double.pi / 6, accuracy: 1e-12)
    }

    func testInstantaneousPushFiresWhenActivated() throws {
        // a 100 × 100 item of density 1 has mass 1: magnitude 1 is 100 points/s
        let tl = try timeline("""
        scene { size: (400, 400) fps: 10 duration: 4s }
        layer box { bounds: (0, 0, 100, 100) position: (50, 200) }
        dynamics { push kick { items: [box]  mode: .instantaneous  magnitude: 1  active: false } }
        at 1s { kick.active = true }
        at 2s { kick.active = true }      // again: fires again, as UIKit's push does
        """)
        assertPoint(position(tl, "box", 1), 50, 200)
        assertPoint(position(tl, "box", 2), 150, 200, accuracy: 1e-9)
        assertPoint(position(tl, "box", 3), 350, 200, accuracy: 1e-9)
    }

    func testSettingAPositionMovesTheItemAndKeepsItsVelocity() throws {
        let tl = try timeline(Self.ball + """

        dynamics { gravity g { items: [ball] } }
        at 0.5s { ball.position = (50, 20) }
        """)
        // no implicit animation: the item jumps; then it falls on from 500 points/s
        assertPoint(position(tl, "ball", 0.5), 50, 20)
        assertPoint(position(tl, "ball", 1), 50, 20 + 0.5 * 500 + Self.fall(0.5), accuracy: 1e-9)
        // had the change started an implicit animation, it would show once physics lets go
        let off = try timeline(Self.ball + """

        dynamics { gravity g { items: [ball] } }
        at 0.5s { ball.position = (50, 20); g.active = false }
        """)
        assertPoint(position(off, "ball", 0.6), 50, 20)
    }

    func testALayerOutOfTheTreeLeavesTheSimulation() throws {
        let tl = try timeline(Self.ball + """

        dynamics { gravity g { items: [ball] } }
        at 0.5s { ball.removeFromSuperlayer() }
        at 0.6s { root.addSublayer(ball) }
        """)
        XCTAssertNil(try tl.presentation(at: 0.55).root.find("ball"))
        // back at 0.6 s where it left, at rest
        assertPoint(position(tl, "ball", 0.6), 100, 20 + Self.fall(0.5))
        assertPoint(position(tl, "ball", 1.1), 100, 20 + 2 * Self.fall(0.5), accuracy: 1e-9)
    }

    func testContactHandlerRunsAtTheContact() throws {
        let tl = try timeline(Self.ball + """

        layer flag { bounds: (0, 0, 4, 4) }
        dynamics {
            gravity g { items: [ball] }
            collision walls { items: [ball]  boundary: root.bounds }
        }
        on walls.beganContact(item, partner, point) {
            transaction(disableActions: true) {
                if partner == root && item == ball { flag.opacity = 0.5 }
                flag.position = point
                flag.bounds.size = (time / 1s * 100, 4)
            }
        }
        """)
        XCTAssertEqual(tl.layer("flag", at: 0.5).opacity, 1)
        XCTAssertEqual(tl.layer("flag", at: 1).opacity, 0.5)
        // the ball's bottom reaches the floor after falling 170 points: n(n+1) ≥ 2·170/(g·h²), n = 139
        // steps (a speculative contact may report it one step early)
        let t = tl.layer("flag", at: 1).bounds.size.width / 100
        XCTAssertTrue(abs(t - 139 * Self.h) <= Self.h + 1e-9, "contact at \(t) s")
        let p = tl.layer("flag", at: 1).position
        XCTAssertEqual(p.y, 200, accuracy: 1e-6)
        XCTAssertEqual(p.x, 100, accuracy: 10.001)
    }

    func testAttachmentLengthIsTheDistanceWhenSet() throws {
        let tl = try timeline(Self.ball + """

        layer marker { bounds: (0, 0, 4, 4) }
        dynamics { attachment rope { item: ball  anchor: (100, 0) } }
        at 0.5s { transaction(disableActions: true) { marker.opacity = rope.length / 100 } }
        """)
        XCTAssertEqual(tl.layer("marker", at: 1).opacity, 0.2, accuracy: 1e-12)
    }

    func testSnapSettlesAtItsPoint() throws {
        let tl = try timeline("""
        scene { size: (300, 300) fps: 10 duration: 4s }
        layer box { bounds: (0, 0, 40, 40) position: (50, 50) }
        dynamics { snap s { item: box  point: (200, 120)  damping: 1 } }
        """)
        assertPoint(position(tl, "box", 4), 200, 120, accuracy: 0.5)
    }

    func testAbsurdSimulationIsARuntimeError() throws {
        let r = Compiler.compile(SourceFile(name: "t.cal", text: """
        scene { size: (200, 200) fps: 1 duration: 100000s }
        layer ball { bounds: (0, 0, 20, 20) position: (100, 20) }
        dynamics { gravity g { items: [ball] } }
        """))
        let program = try XCTUnwrap(r.program)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(program), until: 100_000)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'dynamics' at line 3: simulating to 100000 s needs 24000000 steps of 1/240 s, more than the limit of 1000000 (69 minutes); UIKit Dynamics is for short effects")
        }
        // many items for a long time: the work budget stops it (5 × 10⁷ item-steps by default; a
        // smaller one here, so the test does not simulate for a minute first). 200 000 item-steps
        // are 2000 steps (8.3 s) of 100 items; the run advances between checkpoints every 4 frames
        // (3600 frames over 1024 checkpoints) and stops at the one that would cross: 8 s → 12 s.
        let many = Compiler.compile(SourceFile(name: "t.cal", text: """
        scene { size: (200, 200) fps: 1 duration: 3600s }
        var boxes: [layer] = []
        for i in 0..<100 {
            layer "b\\(i)" { bounds: (0, 0, 1, 1) position: (i, 0) }
            boxes.append(named("b\\(i)"))
        }
        dynamics { gravity g { items: boxes } }
        """))
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(try XCTUnwrap(many.program)), until: 3600, physicsBudget: 200_000)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'dynamics' at line 7: simulating 100 items to 12 s would take more than 200000 item-steps (at 240 steps a second); shorten the scene or simulate fewer items")
        }
    }

    func testEndedContactHandlersWithCapturedValues() throws {
        // unnamed parameters still take their arguments; captures follow them
        let tl = try timeline(Self.ball + """

        dynamics {
            collision walls { items: [ball]  boundary: (0, 0, 200, 100) }
            gravity g { items: [ball] }
            itemBehavior bouncy { items: [ball]  elasticity: 0.8 }
        }
        for i in 0..<2 {
            on walls.endedContact { transaction(disableActions: true) { ball.opacity = 0.5 + i / 10 } }
        }
        """)
        XCTAssertEqual(tl.layer("ball", at: 0).opacity, 1)
        XCTAssertEqual(tl.layer("ball", at: 4).opacity, 0.6, accuracy: 1e-12)
    }

    func testTheDropSampleIsWhereThePhysicsSays() throws {
        let tl = try sampleTimeline("physics/drop.cal")
        // mass 0.09 (30 × 30), push 0.09: 100 points/s to the right from the first step
        assertPoint(position(tl, "ball", 0.25), 40 + 25, 30 + Self.fall(0.25), accuracy: 1e-9)
        assertPoint(position(tl, "ball", 0.5), 40 + 50, 30 + Self.fall(0.5), accuracy: 1e-9)
        // resting on the floor (180) at the end, the box flat
        XCTAssertEqual(position(tl, "ball", 2).y, 165, accuracy: 0.05)
        XCTAssertEqual(position(tl, "box", 2).y, 160, accuracy: 0.05)
        XCTAssertEqual(Component.rotationZ.get(.transform(tl.layer("box", at: 2).transform)).number ?? 1, 0, accuracy: 0.01)
    }

    func testDrawBlocksSeeTheSimulationBetweenEvents() throws {
        // no event after 0: a draw block presented at 0.5 s still reads the simulated position
        let tl = try timeline(Self.ball + """

        layer probe {
            bounds: (0, 0, 4, 4)
            draw { text("y", at: ball.position, size: 8, color: .black); text("p", at: ball.presentation.position, size: 8, color: .black) }
        }
        dynamics { gravity g { items: [ball] } }
        """)
        let drawing = tl.layer("probe", at: 0.5).drawing
        XCTAssertEqual(drawing.count, 2)
        for command in drawing {
            guard case .text(_, let at, _, _) = command else { XCTFail("\(command)"); continue }
            assertPoint(at, 100, 20 + Self.fall(0.5))
        }
    }

    func testAnItemInATransformedContainerMovesInTheContainersSpace() throws {
        // positions are used in the superlayer's coordinates without conversion (docs/semantics.md):
        // the fall is along the container's y, which its transform turns on screen
        let tl = try timeline("""
        scene { size: (300, 300) fps: 10 duration: 1s }
        layer tray {
            bounds: (0, 0, 200, 200)
            position: (150, 150)
            transform: rotate(90deg)
            layer pip { bounds: (0, 0, 10, 10) position: (50, 10) }
        }
        dynamics { gravity g { items: [pip] } }
        """)
        assertPoint(position(tl, "pip", 0.5), 50, 10 + Self.fall(0.5))
    }

    func testEventsThatLeaveTheSimulationAloneKeepNoCheckpoint() throws {
        // an every-frame handler that only reads: the same positions, and no copy per frame
        let tl = try timeline(Self.ball + """

        layer marker { bounds: (0, 0, 4, 4) }
        dynamics { gravity g { items: [ball] } }
        every frame { transaction(disableActions: true) { marker.position = ball.position } }
        at 1s { g.magnitude = 2 }
        """)
        assertPoint(position(tl, "ball", 0.5), 100, 20 + Self.fall(0.5))
        assertPoint(position(tl, "marker", 0.5), 100, 20 + Self.fall(0.5))
        // one copy a frame time (0 … 3.9 s): the grid's, and at 0 s and 1 s those taken after the
        // events that changed the simulation; none more for the 41 every-frame instants
        XCTAssertEqual(tl.checkpoints.map { ($0.time * 10).rounded() }, (0..<40).map(Double.init))
        XCTAssertEqual(tl.checkpoints.filter { abs($0.time - 1) < 1e-9 }.count, 1)
    }

    func testAContactHandlerRunsOnceBesideEveryFrameHandlers() throws {
        // an instant whose events change nothing keeps no checkpoint; the contact seen just before
        // it must not be delivered again (this hung the run once)
        let tl = try timeline(Self.ball + """

        layer flag { bounds: (0, 0, 4, 4) }
        var hits = 0
        dynamics {
            gravity g { items: [ball] }
            collision walls { items: [ball]  boundary: root.bounds }
        }
        on walls.beganContact { hits = hits + 1; transaction(disableActions: true) { flag.opacity = hits / 10 } }
        every frame { transaction(disableActions: true) { flag.zPosition = hits } }
        """)
        XCTAssertEqual(tl.layer("flag", at: 4).opacity, 0.1, accuracy: 1e-12)
        XCTAssertEqual(tl.layer("flag", at: 4).zPosition, 1)
    }
}
