// The configuration of a particle system: CAEmitterLayer's emitter properties and CAEmitterCell's
// cell properties as plain Sendable values, under Core Animation's own names (so the VM maps
// `emitterCells.spark.greenSpeed` to a field one for one), with Core Animation's defaults.
// Nothing here is validated: NaN, negative rates and huge values are accepted as data and tamed
// when a frame is computed (Plan.swift), so building a configuration can never fail.

import CalcCore

/// The shape particles are spawned on (CAEmitterLayer's `emitterShape`).
public enum EmitterShape: String, Sendable, CaseIterable {
    case point, line, rectangle, cuboid, circle, sphere
}

/// Which part of the shape particles are spawned on (CAEmitterLayer's `emitterMode`).
public enum EmitterMode: String, Sendable, CaseIterable {
    case points, outline, surface, volume
}

/// How the renderer orders and blends particles (CAEmitterLayer's `renderMode`).
public enum EmitterRenderMode: String, Sendable, CaseIterable {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}

/// One kind of particle (CAEmitterCell): its birth rate, life, motion, look, and the cells its
/// particles emit in turn. Ranges are ± half-widths: a particle's lifetime is uniform in
/// `lifetime ± lifetimeRange`. Angles are radians, times seconds, speeds per second.
public struct EmitterCell: Sendable, Hashable {
    /// The cell's name, for key paths such as `emitterCells.spark.birthRate`.
    public var name: String = ""
    /// When false the cell emits nothing, and neither do its sub-cells.
    public var isEnabled: Bool = true
    /// The image drawn for each particle (a name the renderer resolves); nil draws nothing.
    public var contents: String? = nil
    /// The part of the image to draw, in unit coordinates.
    public var contentsRect: Rect = Rect(0, 0, 1, 1)

    /// Particles created per second (times the layer's `birthRate`).
    public var birthRate: Double = 0
    /// Mean particle lifetime in seconds (times the layer's `lifetime`).
    public var lifetime: Double = 0
    /// Half-width of the uniform lifetime spread.
    public var lifetimeRange: Double = 0

    /// Initial speed in points per second (times the layer's `velocity`).
    public var velocity: Double = 0
    /// Half-width of the uniform speed spread.
    public var velocityRange: Double = 0
    /// Tilt of the emission direction out of the x–y plane, towards +z.
    public var emissionLatitude: Double = 0
    /// Direction in the x–y plane: 0 is +x (to the right), π/2 is +y.
    public var emissionLongitude: Double = 0
    /// Full apex angle of the cone of directions around the emission direction (2π: all directions).
    public var emissionRange: Double = 0
    /// Acceleration along x in points per second squared.
    public var xAcceleration: Double = 0
    /// Acceleration along y in points per second squared.
    public var yAcceleration: Double = 0
    /// Acceleration along z in points per second squared.
    public var zAcceleration: Double = 0

    /// Initial scale of the image (times the layer's `scale`).
    public var scale: Double = 1
    /// Half-width of the uniform initial-scale spread.
    public var scaleRange: Double = 0
    /// Change of scale per second.
    public var scaleSpeed: Double = 0
    /// Rotation speed in radians per second (times the layer's `spin`).
    public var spin: Double = 0
    /// Half-width of the uniform spin spread.
    public var spinRange: Double = 0

    /// Initial colour, multiplied into the image (straight alpha).
    public var color: Color = .white
    /// Half-width of the uniform spread of the initial red component.
    public var redRange: Double = 0
    /// Half-width of the uniform spread of the initial green component.
    public var greenRange: Double = 0
    /// Half-width of the uniform spread of the initial blue component.
    public var blueRange: Double = 0
    /// Half-width of the uniform spread of the initial alpha.
    public var alphaRange: Double = 0
    /// Change of the red component per second.
    public var redSpeed: Double = 0
    /// Change of the green component per second.
    public var greenSpeed: Double = 0
    /// Change of the blue component per second.
    public var blueSpeed: Double = 0
    /// Change of alpha per second.
    public var alphaSpeed: Double = 0

    /// Start of the emission window: seconds into the parent particle's life (for a top-level cell,
    /// seconds after emission started).
    public var beginTime: Double = 0
    /// End of the emission window on the same clock (seed 002:877–882: a duration below beginTime
    /// emits nothing); 0 means no end.
    public var duration: Double = 0

    /// How the image is sampled when drawn smaller and larger than its pixels (Core Animation's
    /// default, linear: bilinear on the image, no mipmaps), and the level-of-detail bias a trilinear
    /// minification adds. They change no particle, only how the renderer draws it.
    public var minificationFilter: TextureFilter = .linear
    public var magnificationFilter: TextureFilter = .linear
    public var minificationFilterBias: Double = 0

    /// Cells that each particle of this cell emits (fireworks, sparks).
    public var emitterCells: [EmitterCell] = []

    /// A cell with Core Animation's defaults: it emits nothing until `birthRate` and `lifetime` are set.
    public init() {}
}

/// A particle emitter (CAEmitterLayer's emitter properties): where and how particles are spawned,
/// the layer-wide multipliers applied to every cell (nested cells included) as particles are born,
/// and the seed of every random choice.
public struct Emitter: Sendable, Hashable {
    /// Centre of the emission shape in the layer's coordinates.
    public var emitterPosition: Point = .zero
    /// Z of the centre of the emission shape.
    public var emitterZPosition: Double = 0
    /// Width and height of the emission shape (a circle or sphere has radius width/2).
    public var emitterSize: Size = .zero
    /// Depth of a cuboid emission shape.
    public var emitterDepth: Double = 0
    /// The emission shape.
    public var emitterShape: EmitterShape = .point
    /// Which part of the shape emits.
    public var emitterMode: EmitterMode = .volume
    /// How the renderer orders and blends particles.
    public var renderMode: EmitterRenderMode = .unordered
    /// Multiplier of every cell's birth rate.
    public var birthRate: Double = 1
    /// Multiplier of every cell's lifetime and lifetime range.
    public var lifetime: Double = 1
    /// Multiplier of every cell's velocity and velocity range.
    public var velocity: Double = 1
    /// Multiplier of every particle's scale.
    public var scale: Double = 1
    /// Multiplier of every cell's spin and spin range.
    public var spin: Double = 1
    /// Seed of every random choice: the same seed gives the same particles.
    public var seed: UInt32 = 0
    /// The top-level cells.
    public var emitterCells: [EmitterCell] = []

    /// An emitter with Core Animation's defaults (a point at the origin, no cells).
    public init() {}
}

/// An emitter whose configuration changes at known times, such as a timeline setting `birthRate`
/// to 0 to stop emission. A particle takes the configuration in force when its top-level ancestor
/// was born and keeps it (Apple: multipliers "only affect newly created particles"), so particles
/// already in flight are unaffected by a change.
public struct EmitterHistory: Sendable, Hashable {
    /// A configuration in force from `time` until the next change.
    public struct Change: Sendable, Hashable {
        /// When this configuration takes effect (layer-local seconds).
        public var time: Double
        /// The configuration from then on.
        public var emitter: Emitter
        /// A configuration taking effect at `time`.
        public init(time: Double, emitter: Emitter) { self.time = time; self.emitter = emitter }
    }

    /// The changes in time order; the first one's time is when emission started.
    public private(set) var changes: [Change] = []

    /// Emission starting at `start` with `emitter` (a NaN or infinite start records nothing).
    public init(_ emitter: Emitter, since start: Double) {
        set(emitter, at: start)
    }

    /// Records that `emitter` is in force from `time` on. Changes may be recorded in any order; a
    /// second change at the same time replaces the first. NaN and infinite times are ignored.
    public mutating func set(_ emitter: Emitter, at time: Double) {
        guard time.isFinite else { return }
        var i = changes.count
        while i > 0, changes[i - 1].time > time { i -= 1 }
        if i > 0, changes[i - 1].time == time {
            changes[i - 1].emitter = emitter
        } else {
            changes.insert(Change(time: time, emitter: emitter), at: i)
        }
    }
}

/// Hard bounds that keep a hostile configuration from hanging or exhausting memory.
public struct EmitterLimits: Sendable, Hashable {
    /// The most particles a frame returns. A configuration that could exceed it has all its birth
    /// rates thinned by one common factor (see `EmitterFrame.thinning`).
    public var maxParticles: Int = 100_000
    /// Levels of cells honoured: 1 is top-level cells only; deeper cells are ignored.
    public var maxDepth: Int = 5
    /// Cells honoured per emitter, counted in pre-order; later cells are ignored.
    public var maxCells: Int = 256

    /// The defaults: 100 000 particles, 5 levels, 256 cells.
    public static let standard = EmitterLimits()

    /// Limits with the given bounds (clamped to at least 0, 1 and 1).
    public init(maxParticles: Int = 100_000, maxDepth: Int = 5, maxCells: Int = 256) {
        self.maxParticles = max(0, maxParticles)
        self.maxDepth = min(max(1, maxDepth), 16)
        self.maxCells = max(1, maxCells)
    }
}
