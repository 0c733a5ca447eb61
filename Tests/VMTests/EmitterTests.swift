import XCTest
import Bytecode
import CalcCore
import Particles
@testable import VM
@testable import Compiler

/// Emitter layers and cells in the presentation tree. Expected counts are worked out by hand from
/// the birth rule of docs/particles.md: a cell emitting at rate r since time s has particle k born
/// at s + k/r (the first at s), alive while its age is below its lifetime.
final class EmitterTests: XCTestCase {
    func particles(_ tl: Timeline, _ name: String = "e", at t: Double) -> [EmitterStyle.Particle] {
        tl.layer(name, at: t).emitter?.particles ?? []
    }

    /// Scene time of each particle's birth (age measured back from t), rounded to 1e-9.
    func births(_ tl: Timeline, _ name: String = "e", at t: Double) -> [Double] {
        particles(tl, name, at: t).map { ((t - $0.age) * 1e9).rounded() / 1e9 }.sorted()
    }

    static let steady = """
    scene { size: (200, 200) fps: 20 duration: 4s }
    layer e: emitter {
        emitterPosition: (100, 100)
        cell spark { birthRate: 10  lifetime: 1  velocity: 20 }
    }
    """

    func testCountsFollowTheBirthRule() throws {
        let tl = try timeline(Self.steady)
        // born at 0, 0.1, …, 0.5
        XCTAssertEqual(births(tl, at: 0.55), [0, 0.1, 0.2, 0.3, 0.4, 0.5])
        // at 1 s the first has just died: 0.1 … 1.0
        XCTAssertEqual(particles(tl, at: 1).count, 10)
        XCTAssertEqual(births(tl, at: 1).first, 0.1)
        XCTAssertEqual(particles(tl, at: 0).count, 1, "the first particle is born the instant emission starts")
        let style = try XCTUnwrap(tl.layer("e", at: 0.5).emitter)
        XCTAssertEqual(style.cells, [EmitterStyle.Cell(name: "spark", contents: nil, contentsRect: Rect(0, 0, 1, 1))])
        XCTAssertEqual(style.renderMode, .unordered)
        XCTAssertNil(tl.layer("e", at: 0.5).text)
        // velocity 20 to the right (longitude 0) from the emitter position: x = 100 + 20 × age
        for p in style.particles {
            XCTAssertEqual(p.position.x, 100 + 20 * p.age, accuracy: 1e-9)
            XCTAssertEqual(p.position.y, 100, accuracy: 1e-9)
        }
    }

    func testLayerMultipliersScaleEveryCell() throws {
        let tl = try timeline(Self.steady.replacingOccurrences(of: "emitterPosition: (100, 100)", with: "emitterPosition: (100, 100)  birthRate: 2  lifetime: 0.5"))
        // rate 20, lifetime 0.5: at 0.55 the births 0.1 … 0.55 (0.05 apart) are alive: 10
        XCTAssertEqual(particles(tl, at: 0.55).count, 10)
        XCTAssertEqual(births(tl, at: 0.55).first, 0.1)
    }

    func testStoppingBirthsKeepsLivingParticlesAsTheyWere() throws {
        let stop = try timeline(Self.steady + "\nat 2s { transaction(disableActions: true) { e.emitterCells.spark.birthRate = 0 } }")
        let free = try timeline(Self.steady)
        // births until 1.9; the rate is 0 from 2.0 on, so no particle is born at 2.0
        XCTAssertEqual(births(stop, at: 2), [1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9])
        XCTAssertEqual(births(stop, at: 2.5), [1.6, 1.7, 1.8, 1.9])
        XCTAssertEqual(particles(stop, at: 2.95).count, 0, "the last, born at 1.9, died at 2.9")
        // the particles in flight are exactly those of the emitter that never stopped
        let kept = particles(stop, at: 2.5)
        let all = Dictionary(uniqueKeysWithValues: particles(free, at: 2.5).map { ($0.id, $0) })
        for p in kept { XCTAssertEqual(all[p.id], p) }
    }

    func testImplicitAnimationOfACellPropertyRampsItDown() throws {
        // no disableActions: the change animates for 0.25 s (ease in, ease out), sampled at the
        // frame times 2.0, 2.05 … 2.2. The rates 10·(1 − e(u)) at u = 0, .2, .4, .6, .8 sum to
        // 10 × 3 (the curve is symmetric: e(u) + e(1 − u) = 1), so 0.05 × 30 = 1.5 births after
        // 2.0: particles 20 (at 2.0) and 21.
        let tl = try timeline(Self.steady + "\nat 2s { e.emitterCells.spark.birthRate = 0 }")
        let after = births(tl, at: 2.95)
        XCTAssertEqual(after.count, 2)
        XCTAssertEqual(after.first, 2.0)
        XCTAssertGreaterThan(after[1], 2.05)
        XCTAssertLessThan(after[1], 2.25)
        XCTAssertEqual(particles(tl, at: 3.3).count, 0)
    }

    func testNestedCellsEmitFromTheirParticles() throws {
        let tl = try timeline("""
        scene { fps: 20 duration: 2s }
        layer e: emitter {
            emitterPosition: (50, 50)
            cell rocket {
                birthRate: 1  lifetime: 10  velocity: 0
                cell trail { birthRate: 10  lifetime: 0.5 }
            }
        }
        """)
        // one rocket (born at 0); its trail particles are born at 0, 0.1 … 0.5 and live 0.5 s:
        // at 0.55 those born 0.1 … 0.5 are alive
        let style = try XCTUnwrap(tl.layer("e", at: 0.55).emitter)
        XCTAssertEqual(style.cells.map(\.name), ["rocket", "trail"])
        XCTAssertEqual(style.particles.filter { $0.cell == 0 }.count, 1)
        XCTAssertEqual(style.particles.filter { $0.cell == 1 }.count, 5)
        for p in style.particles { XCTAssertEqual(p.position, Point(50, 50)) }
    }

    func testAnimatedCellPropertyTakesTheValueSampledAtTheFrameBeforeBirth() throws {
        // birthRate animated 10 → 0 over 1 s (linear), sampled at 0, 0.1, …: the rate is 10, 9, 8,
        // 7, 6, 5 in successive tenths, so by 0.55 it has integrated to 1 + .9 + .8 + .7 + .6 +
        // 0.05 × 5 = 4.25: particles 0 … 4 are born (particle 4 at 0.5 exactly). (The exact ramp,
        // 10t − 5t², reaches only 3.99 by 0.55.) By 1 s it reaches 5.5, then stays: six in all.
        let tl = try timeline("""
        scene { fps: 10 duration: 2s }
        layer e: emitter {
            cell spark { lifetime: 10 }
            animations { fade: basic { keyPath: emitterCells.spark.birthRate  from: 10  to: 0  duration: 1s } }
        }
        """)
        XCTAssertEqual(particles(tl, at: 0.55).count, 5)
        XCTAssertEqual(births(tl, at: 0.55).last, 0.5)
        XCTAssertEqual(particles(tl, at: 1.5).count, 6)
        XCTAssertEqual(particles(tl, at: 1.9).count, 6)
    }

    func testKeyframeAndSpringAnimationsOfCellProperties() throws {
        let tl = try timeline("""
        scene { fps: 10 duration: 2s }
        layer e: emitter {
            cell spark { lifetime: 10 }
            cell dust { lifetime: 10 }
            animations {
                steps: keyframe { keyPath: emitterCells.spark.birthRate  values: [10, 0]  calculationMode: .discrete  duration: 1s }
                grow: spring { keyPath: emitterCells.dust.birthRate  from: 0  to: 10 }
            }
        }
        """)
        // discrete: 10 for the first half (births 0, 0.1 … 0.4), then 0
        let style = try XCTUnwrap(tl.layer("e", at: 1.5).emitter)
        XCTAssertEqual(style.particles.filter { $0.cell == 0 }.count, 5)
        // the spring starts at 0 and ends at the model value (0): some dust in between
        XCTAssertGreaterThan(style.particles.filter { $0.cell == 1 }.count, 0)
    }

    func testBoundCellProperty() throws {
        let tl = try timeline("""
        scene { fps: 10 duration: 2s }
        layer e: emitter { cell spark { lifetime: 10  birthRate: 10 * floor(time / 1s) } }
        """)
        XCTAssertEqual(particles(tl, at: 0.95).count, 0)
        // rate 10 from 1 s: births 1.0 … 1.5
        XCTAssertEqual(births(tl, at: 1.55), [1.0, 1.1, 1.2, 1.3, 1.4, 1.5])
    }

    func testEmissionStartsAtLocalTimeZero() throws {
        // a layer added at 2 s shows the particles of an emitter running since its local time 0
        // (Core Animation's); beginTime set to that moment starts it fresh
        let tl = try timeline("""
        scene { fps: 20 duration: 3s }
        at 2s {
            layer "warm": emitter { cell spark { birthRate: 10  lifetime: 1 } }
            layer "fresh": emitter { beginTime: 2s  cell spark { birthRate: 10  lifetime: 1 } }
        }
        """)
        XCTAssertEqual(births(tl, "warm", at: 2.05).count, 10)   // 1.1 … 2.0
        XCTAssertEqual(births(tl, "fresh", at: 2.05), [2.0])
        XCTAssertEqual(particles(tl, "fresh", at: 1.9).count, 0)
    }

    func testLayerTimingShiftsAndFreezesEmission() throws {
        let tl = try timeline("""
        scene { fps: 20 duration: 3s }
        layer late: emitter { beginTime: 1s  cell spark { birthRate: 10  lifetime: 1 } }
        layer warm: emitter { timeOffset: 2s  cell spark { birthRate: 10  lifetime: 1 } }
        layer held: emitter { cell spark { birthRate: 10  lifetime: 1 } }
        at 1s { held.speed = 0; held.timeOffset = 1s }
        """)
        // local time t − 1: nothing before 1 s, then a fresh emitter
        XCTAssertEqual(particles(tl, "late", at: 0.5).count, 0)
        XCTAssertEqual(particles(tl, "late", at: 1.05).count, 1)
        // local time t + 2: a full second of particles from the first frame
        XCTAssertEqual(particles(tl, "warm", at: 0).count, 10)
        // paused at local time 1: the same particles, unmoving, from then on
        XCTAssertEqual(particles(tl, "held", at: 1.5), particles(tl, "held", at: 2.5))
        XCTAssertEqual(particles(tl, "held", at: 2.5).count, 10)
    }

    func testTheSeedMakesRunsRepeatable() throws {
        let src = """
        scene { fps: 20 duration: 1s }
        layer e: emitter {
            emitterShape: .rectangle  emitterMode: .surface  emitterSize: (100, 50)  seed: SEED
            cell spark { birthRate: 40  lifetime: 1  velocity: 50  velocityRange: 20  emissionRange: 360deg  scaleRange: 0.5  greenRange: 0.5 }
        }
        """
        let a = particles(try timeline(src.replacingOccurrences(of: "SEED", with: "7")), at: 0.8)
        let b = particles(try timeline(src.replacingOccurrences(of: "SEED", with: "7")), at: 0.8)
        let c = particles(try timeline(src.replacingOccurrences(of: "SEED", with: "8")), at: 0.8)
        XCTAssertEqual(a.count, 33)   // born at k/40 for k = 0 … 32
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.map(\.id), a.map(\.id))
        XCTAssertNotEqual(a.map(\.position), c.map(\.position))
        // and a frame does not depend on the frames computed before it
        let tl = try timeline(src.replacingOccurrences(of: "SEED", with: "7"))
        let late = particles(tl, at: 0.8)
        _ = particles(tl, at: 0.3)
        XCTAssertEqual(particles(tl, at: 0.8), late)
    }

    func testCellFiltersReachThePresentationAndChangeAtOnce() throws {
        // the defaults are Core Animation's (linear, linear, 0); a cell's filters and bias reach its
        // EmitterStyle.Cell; a handler's change applies at once (an enumeration is not animated)
        let tl = try timeline("""
        scene { fps: 10 duration: 1s }
        layer e: emitter {
            cell plain { birthRate: 10  lifetime: 1 }
            cell pixel { birthRate: 10  lifetime: 1  magnificationFilter: .nearest  minificationFilter: .trilinear  minificationFilterBias: -0.5 }
        }
        at 0.5s { e.emitterCells.plain.minificationFilter = .nearest }
        """)
        let before = try XCTUnwrap(tl.layer("e", at: 0.3).emitter)
        XCTAssertEqual(before.cells, [EmitterStyle.Cell(name: "plain", contents: nil, contentsRect: Rect(0, 0, 1, 1)),
                                      EmitterStyle.Cell(name: "pixel", contents: nil, contentsRect: Rect(0, 0, 1, 1),
                                                        minificationFilter: .trilinear, magnificationFilter: .nearest,
                                                        minificationFilterBias: -0.5)])
        XCTAssertEqual(before.cells[0].minificationFilter, .linear)
        // a particle keeps the cell it was born with: those born from 0.5 s on (age ≤ 0.4 at 0.9 s) use
        // the changed cell (one born at 0.5 s too), the older ones the first
        let after = try XCTUnwrap(tl.layer("e", at: 0.9).emitter)
        let plain = after.particles.filter { after.cells[$0.cell].name == "plain" }
        XCTAssertFalse(plain.isEmpty)
        for p in plain {
            XCTAssertEqual(after.cells[p.cell].minificationFilter, p.age < 0.4 + 1e-9 ? .nearest : .linear, "age \(p.age)")
        }
    }

    func testCellsCarryTheirLookAndTheLayerItsRenderMode() throws {
        let tl = try timeline("""
        scene { fps: 10 duration: 1s }
        layer e: emitter {
            renderMode: .oldestLast  preservesDepth: true
            cell spark { birthRate: 10  lifetime: 1  contents: image("spark.png")  contentsRect: (0, 0, 0.5, 0.5)  color: #ff0000  alphaSpeed: -1 }
        }
        """)
        let style = try XCTUnwrap(tl.layer("e", at: 0.55).emitter)
        XCTAssertEqual(style.cells, [EmitterStyle.Cell(name: "spark", contents: "spark.png", contentsRect: Rect(0, 0, 0.5, 0.5))])
        XCTAssertEqual(style.renderMode, .oldestLast)
        XCTAssertFalse(style.additive)
        XCTAssertTrue(style.preservesDepth)
        // oldest last: the youngest is drawn first
        XCTAssertEqual(style.particles.map(\.age), style.particles.map(\.age).sorted())
        // alpha falls by 1 a second from 1
        let p = try XCTUnwrap(style.particles.last)
        XCTAssertEqual(p.color.a, 1 - p.age, accuracy: 1e-9)
        XCTAssertEqual(p.color.r, 1)
    }

    func testHandlersReadAndSetCellKeyPaths() throws {
        let tl = try timeline("""
        scene { fps: 10 duration: 2s }
        layer e: emitter { cell spark { birthRate: 4  lifetime: 10  contentsRect: (0, 0, 1, 1) } }
        layer probe { }
        at 1s {
            e.emitterCells.spark.contentsRect.origin.x = 0.25
            probe.opacity = e.emitterCells.spark.birthRate / 10 + e.emitterCells.spark.contentsRect.origin.x
            probe.zPosition = e.emitterCells.count
        }
        """)
        XCTAssertEqual(tl.layer("probe", at: 1.5).opacity, 0.65, accuracy: 1e-12)
        XCTAssertEqual(tl.layer("probe", at: 1.5).zPosition, 1, "emitterCells reads as the cells' paths")
        // particles keep the look of their birth: the first (born at 0) the old rect, the last (born
        // at 1.5, after the implicit animation) the new one
        let style = try XCTUnwrap(tl.layer("e", at: 1.5).emitter)
        XCTAssertEqual(style.particles.count, 7)
        XCTAssertEqual(style.cells[style.particles[0].cell].contentsRect, Rect(0, 0, 1, 1))
        XCTAssertEqual(style.cells[style.particles[6].cell].contentsRect, Rect(0.25, 0, 1, 1))
    }

    func testCellKeysOnAnotherKindAreARuntimeError() throws {
        let r = Compiler.compile(SourceFile(name: "t.cal", text: """
        scene { duration: 2s }
        layer e: emitter { cell spark { } }
        layer "plain" { }
        at 1s { named("plain").emitterCells.spark.birthRate = 3 }
        """))
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(try XCTUnwrap(r.program)), until: 2)) { e in
            XCTAssertEqual((e as? RuntimeError)?.message, "a plain layer has no property 'emitterCells.spark.birthRate'")
        }
    }

    func testCellsUnknownToALayerAreIgnored() throws {
        // `named` layers are checked against every cell in the file; a cell the layer lacks is held
        // as a key but shows nowhere
        let tl = try timeline("""
        scene { fps: 10 duration: 1s }
        layer a: emitter { cell spark { birthRate: 10  lifetime: 1 } }
        layer "b": emitter { cell puff { birthRate: 10  lifetime: 1 } }
        at 0.5s { named("b").emitterCells.spark.birthRate = 0 }
        """)
        XCTAssertEqual(particles(tl, "b", at: 0.95).count, 10)
        XCTAssertEqual(tl.layer("b", at: 0.95).emitter?.cells.map(\.name), ["puff"])
    }

    func testAHostileCellListIsTolerated() {
        var p = LayerProperties.defaults
        p[Int(LayerProperties.emitterCells)] = .array([.string("a.b"), .string("a"), .string("a"), .string("a.b"), .number(3), .string("")])
        p[Int(LayerProperties.seed)] = .number(.infinity)
        let e = EmitterKeys(PropertyTable()).emitter(p)
        // "a.b" before its parent is dropped; the duplicate "a" too
        XCTAssertEqual(e.emitterCells.map(\.name), ["a", ""])
        XCTAssertEqual(e.emitterCells.first?.emitterCells.map(\.name), ["b"])
        XCTAssertEqual(e.seed, 0)
    }

    /// The CalcCore tables agree with the Particles model they stand for.
    func testCellDefaultsEnumerationsAndLimitsMatchTheParticleModel() {
        for property in EmitterCellProperty.allCases {
            var cell = EmitterCell()
            cell.contents = "x"   // so that the default (no image) shows as a change
            EmitterKeys.apply(property.defaultValue, property, to: &cell)
            var expected = EmitterCell()
            expected.contents = property == .contents ? nil : "x"
            XCTAssertEqual(cell, expected, "the default of \(property.name)")
        }
        XCTAssertEqual(Enumerations.all["emitter shape"], EmitterShape.allCases.map(\.rawValue))
        XCTAssertEqual(Enumerations.all["emitter mode"], EmitterMode.allCases.map(\.rawValue))
        XCTAssertEqual(Enumerations.all["render mode"], EmitterRenderMode.allCases.map(\.rawValue))
        XCTAssertEqual(EmitterCellKey.maxDepth, EmitterLimits.standard.maxDepth)
        XCTAssertEqual(EmitterCellKey.maxCells, EmitterLimits.standard.maxCells)
        // the layer's own defaults are the model's
        let e = EmitterKeys(PropertyTable()).emitter(LayerProperties.defaults)
        XCTAssertEqual(e, Emitter())
    }
}
