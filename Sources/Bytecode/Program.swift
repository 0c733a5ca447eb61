// A compiled CAL program in memory: what `calc build` writes to a .calb file and what the VM runs.
// Function 0 is the scene's main function, run once at time 0; timeline events are functions that
// main (or another handler) schedules with SCHEDULE.

import CalcCore

/// The scene header (SPEC §3 "Scene").
public struct SceneInfo: Sendable, Equatable {
    public var size: Size
    public var scale: Double
    public var fps: Double
    public var duration: Double
    public var background: Color
    public var origin: Origin

    public init(size: Size = Size(320, 240), scale: Double = 1, fps: Double = 30, duration: Double = 1,
                background: Color = .white, origin: Origin = .topLeft) {
        self.size = size; self.scale = scale; self.fps = fps; self.duration = duration
        self.background = background; self.origin = origin
    }
}

public struct Function: Sendable, Equatable {
    /// Display name: `main`, `at 1.5s`, or a user function's name.
    public var name: String
    public var paramCount: UInt16
    public var registerCount: UInt16
    public var code: [Instruction]
    /// Source line of each instruction (same length as `code`); run-length encoded in the file.
    public var lines: [UInt32]

    public init(name: String, paramCount: UInt16 = 0, registerCount: UInt16, code: [Instruction], lines: [UInt32]) {
        self.name = name; self.paramCount = paramCount; self.registerCount = registerCount
        self.code = code; self.lines = lines
    }
}

/// A layer's static part: its kind, its name and the properties whose values are constants.
public struct LayerTemplate: Sendable, Equatable {
    public var kind: LayerKind
    public var name: String
    /// (key path, constant index) in source order.
    public var properties: [PropertyInit]

    public init(kind: LayerKind = .plain, name: String, properties: [PropertyInit] = []) {
        self.kind = kind; self.name = name; self.properties = properties
    }
}

public struct PropertyInit: Sendable, Equatable {
    public var keyPath: KeyPath
    public var constant: UInt32
    public init(_ keyPath: KeyPath, _ constant: UInt32) { self.keyPath = keyPath; self.constant = constant }
}

public enum AnimationKind: UInt8, Sendable, CaseIterable {
    case basic = 0, keyframe, group, spring, transition
    public var name: String { String(describing: self) }
}

/// An animation's static part: kind, key path and the fields whose values are constants.
public struct AnimationTemplate: Sendable, Equatable {
    public var kind: AnimationKind
    public var keyPath: KeyPath
    public var fields: [FieldInit]

    public init(kind: AnimationKind = .basic, keyPath: KeyPath, fields: [FieldInit] = []) {
        self.kind = kind; self.keyPath = keyPath; self.fields = fields
    }
}

public struct FieldInit: Sendable, Equatable {
    public var field: AnimField
    public var constant: UInt32
    public init(_ field: AnimField, _ constant: UInt32) { self.field = field; self.constant = constant }
}

public struct Program: Sendable, Equatable {
    /// The source file's name as given on the command line (never an absolute path the user did not write).
    public var sourceName: String
    public var scene: SceneInfo
    /// Constants: numbers, booleans, strings, points, sizes, rects, colours, transforms, timing
    /// functions and enumeration cases (never `.none`, `.layer` or `.animation`).
    public var constants: [Value]
    public var functions: [Function]
    public var layerTemplates: [LayerTemplate]
    public var animationTemplates: [AnimationTemplate]
    /// Number of global slots (top-level layers and variables), all nil when main starts.
    public var globalCount: UInt32
    /// Custom key–value properties (`property thickness: number = 4`), ids from LayerProperties.customBase.
    public var customKeys: [CustomKey] = []
    /// Dynamics behaviours (`dynamics { gravity g { … } }`), addressed by BT operands.
    public var behaviorTemplates: [BehaviorTemplate] = []

    /// The property catalogue with this program's custom keys.
    public var properties: PropertyTable { PropertyTable(custom: customKeys) }

    public init(sourceName: String, scene: SceneInfo, constants: [Value] = [], functions: [Function] = [],
                layerTemplates: [LayerTemplate] = [], animationTemplates: [AnimationTemplate] = [], globalCount: UInt32 = 0,
                customKeys: [CustomKey] = [], behaviorTemplates: [BehaviorTemplate] = []) {
        self.customKeys = customKeys
        self.behaviorTemplates = behaviorTemplates
        self.sourceName = sourceName; self.scene = scene; self.constants = constants; self.functions = functions
        self.layerTemplates = layerTemplates; self.animationTemplates = animationTemplates; self.globalCount = globalCount
    }
}

/// Hard limits, each with the reason for its number (checked by the compiler and the loader).
public enum Limits {
    /// Registers are 16-bit operands.
    public static let maxRegisters = 65_535
    /// Constant, template and function indices are 24-bit operands.
    public static let maxIndex = 1 << 24
    /// A frame buffer is width × height × 4 bytes; 16384² keeps it at 1 GiB and inside Int32 strides.
    public static let maxPixelDimension = 16_384
    /// 100 000 frames is over an hour at 24 fps: far past any render a user means to make.
    public static let maxFrames = 100_000
    /// Instructions one event handler may execute before it is stopped (a runaway loop).
    public static let stepBudget = 10_000_000
    /// Memory the timeline's snapshots may take, estimated: each instant at which events run keeps
    /// a copy of the world for the frames after it (VM's SnapshotMeter counts what each copy does
    /// not share with the ones before), so `every 1e-7s` over a second would fill memory first.
    public static let maxSnapshotBytes = 2 << 30
    /// Event handlers one timeline run may fire in all (events scheduling more at the same instant
    /// never reach a new instant).
    public static let maxEventsFired = 2_000_000
}
