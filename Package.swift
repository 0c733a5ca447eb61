// swift-tools-version: 6.0
// calc: a compiler and bytecode VM for CAL, a declarative language for animated layer scenes.
// Modules follow the one-way data flow of ../shared/STYLE.md:
// CalcCore ← Parser ← Compiler → Bytecode ← VM → Particles, Physics ; DisplayList ← CalcCore (the frame as
// drawing operations) ; Compose → DisplayList, TextLayout (lowering a presentation tree: every layer style) ;
// Render → DisplayList (rasterizer, encoders: knows display-list operations only) ; Particles ← CalcCore
// (emitter layers, analytic and frame-independent; docs/particles.md) ; Physics ← CalcCore (UIKit Dynamics,
// fixed-step; docs/physics.md; driven by VM/Dynamics.swift) ; VM → TextLayout (natural sizes of text layers:
// fontconfig picks the font, HarfBuzz shapes, FreeType gives glyph outlines; Compose draws them) ; calc ← everything.
// CalcSnapshot is the snapshot-testing engine behind `calc test` and the golden tests: a thin driver
// module over Compiler, VM and Render that is allowed to touch the file system.
import PackageDescription
import Foundation

// `-enforce-exclusivity=unchecked` drops Swift's run-time exclusivity checks (swift_beginAccess on
// class properties and globals). Measured with callgrind, release builds with and without it:
// `calc build` of a 20 000-line file 216.9M → 248.7M instructions checked (+14.6 %, nearly all
// swift_beginAccess called from the Compiler's Checker and its TLS lookups); the VM loop and call
// benchmarks +0.004 % and +0.04 %; rendering three frames of the tour +1.0 %. So only the Compiler
// keeps it; every other module, the threaded renderer among them, is checked. (The compiler's
// threaded paths can be run under ThreadSanitizer with scripts/sanitize.sh thread.) One exception
// by declaration: Render's Flattener marks its polygon storage @exclusivity(unchecked), written a
// vertex at a time (half of flattening's instructions in scene A were the checks).
let compilerSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]
/// Every other module: the default, checked, settings.
let standardSettings: [SwiftSetting] = []
// FreeType's headers (for CFreeType's types; the library itself is opened with dlopen): Debian's and
// Homebrew's include directories. Only TextLayout (which imports CFreeType internally) and a test
// target that imports it with @testable need them.
let freetypeHeaders: SwiftSetting = .unsafeFlags(["-Xcc", "-I/usr/include/freetype2", "-Xcc", "-I/opt/homebrew/include/freetype2",
                                                  "-Xcc", "-I/usr/local/include/freetype2"])

let package = Package(
    name: "calc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "calc", targets: ["calc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CDeflate",
            path: "Sources/CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // PNG decoding of the images a script names (Sources/Render/ImageDecoder.swift)
        .systemLibrary(name: "CSpng", path: "Sources/CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // headers only: TextLayout opens these libraries with dlopen when a scene first measures text
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", providers: [.apt(["libfreetype-dev"])]),
        // span compositing in SSE2/AVX2 chosen at run time, the same bytes either way (Sources/CSpans/spans.c)
        .target(name: "CSpans", path: "Sources/CSpans", cSettings: [.unsafeFlags(["-O3"])]),
        // the rasterizer's hottest loops in C, the same IEEE operations as the Swift they replaced and
        // no FMA contraction, so every machine draws the same bytes (Sources/CRaster)
        .target(name: "CRaster", path: "Sources/CRaster", cSettings: [.unsafeFlags(["-O3", "-ffp-contract=off"])]),
        .target(name: "CalcCore", swiftSettings: standardSettings),
        .target(name: "TextLayout", dependencies: ["CalcCore", "CHarfBuzz", "CFontconfig", "CFreeType"],
                swiftSettings: standardSettings + [freetypeHeaders]),
        .target(name: "Parser", dependencies: ["CalcCore"], swiftSettings: standardSettings),
        .target(name: "Bytecode", dependencies: ["CalcCore", "CDeflate"], swiftSettings: standardSettings),
        .target(name: "Compiler", dependencies: ["Parser", "Bytecode", "CalcCore"], swiftSettings: compilerSettings),
        .target(name: "VM", dependencies: ["Bytecode", "CalcCore", "Particles", "Physics", "TextLayout"], swiftSettings: standardSettings),
        .target(name: "DisplayList", dependencies: ["CalcCore"], swiftSettings: standardSettings),
        .target(name: "Compose", dependencies: ["CalcCore", "DisplayList", "TextLayout"], swiftSettings: standardSettings),
        .target(name: "Render", dependencies: ["CalcCore", "DisplayList", "CDeflate", "CSpng", "CSpans", "CRaster"], swiftSettings: standardSettings),
        .target(name: "Particles", dependencies: ["CalcCore"], swiftSettings: standardSettings),
        .target(name: "Physics", dependencies: ["CalcCore"], swiftSettings: standardSettings),
        .target(name: "CalcSnapshot", dependencies: ["CalcCore", "Bytecode", "Compiler", "VM", "DisplayList", "Compose", "Render", "TextLayout"]),
        .executableTarget(
            name: "calc",
            dependencies: [
                "CalcCore", "Parser", "Bytecode", "Compiler", "VM", "DisplayList", "Compose", "Render", "CalcSnapshot", "TextLayout",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
            // (a position-independent executable: calc reads untrusted bytecode, and address
            // randomisation is worth the ~0.5 ms of relocations at start-up)
        ),
        .executableTarget(
            name: "render-bench",
            dependencies: ["Render", "Compose", "DisplayList", "CalcCore", "Compiler", "VM", "CalcSnapshot"],
            path: "Sources/RenderBench",
            swiftSettings: standardSettings
        ),
        .executableTarget(
            name: "physics-bench",
            dependencies: ["Physics", "CalcCore"],
            path: "Sources/PhysicsBench",
            swiftSettings: standardSettings
        ),
        .testTarget(name: "CalcCoreTests", dependencies: ["CalcCore"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "CalcCore"], swiftSettings: [freetypeHeaders]),
        .testTarget(name: "ParserTests", dependencies: ["Parser"]),
        .testTarget(name: "BytecodeTests", dependencies: ["Bytecode"]),
        .testTarget(name: "CompilerTests", dependencies: ["Compiler", "Bytecode", "Parser", "VM"]),
        .testTarget(name: "VMTests", dependencies: ["VM", "Compiler", "Bytecode", "Particles"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Compose", "DisplayList", "CalcCore", "CSpans", "CRaster", "TextLayout"], exclude: ["Fixtures"]),
        .testTarget(name: "ComposeTests", dependencies: ["Compose", "DisplayList", "CalcCore", "TextLayout"]),
        .testTarget(name: "ParticlesTests", dependencies: ["Particles", "CalcCore"]),
        .testTarget(name: "CLITests", dependencies: ["calc", "Render"]),
        .testTarget(name: "GoldenTests", dependencies: ["CalcSnapshot", "Compiler", "Bytecode", "CalcCore"]),
        .testTarget(name: "PhysicsTests", dependencies: ["Physics", "CalcCore"]),
        .testTarget(name: "CalcSnapshotTests", dependencies: ["CalcSnapshot", "Render", "CalcCore"]),
    ]
)

// libFuzzer targets, only when scripts/fuzz.sh builds them (CALC_FUZZ=1): their entry point is
// libFuzzer's, so an ordinary build has no use for (and could not link) them.
if ProcessInfo.processInfo.environment["CALC_FUZZ"] != nil {
    package.targets.append(.executableTarget(
        name: "calc-fuzz",
        dependencies: ["CalcCore", "Compiler", "Bytecode", "VM", "Render", "CalcSnapshot"],
        path: "Sources/CalcFuzz"
    ))
}
