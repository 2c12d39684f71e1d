// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

/// One set of settings for every target: Swift 6 mode, strict concurrency, and the upcoming
/// features the house style asks for.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// What a test target that uses the test doubles links: WhereaboutsTesting (which brings IssueReporting's test
/// support, as a user's test target gets it), swift-clocks' `TestClock`, swift-concurrency-extras (`LockIsolated`,
/// `Task.megaYield`) and the package's own test helpers.
let testDoubles: [Target.Dependency] = [
    "WhereaboutsTesting",
    "WhereaboutsTestSupport",
    .product(name: "Clocks", package: "swift-clocks"),
    .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
]

let package = Package(
    name: "whereabouts",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Whereabouts", targets: ["Whereabouts"]),
        .library(name: "WhereaboutsReplay", targets: ["WhereaboutsReplay"]),
        .library(name: "WhereaboutsGPSD", targets: ["WhereaboutsGPSD"]),
        .library(name: "WhereaboutsLint", targets: ["WhereaboutsLint"]),
        .library(name: "WhereaboutsTesting", targets: ["WhereaboutsTesting"]),
        .library(name: "WhereaboutsScenarios", targets: ["WhereaboutsScenarios"]),
        .library(name: "WhereaboutsCoreLocation", targets: ["WhereaboutsCoreLocation"]),
        .library(name: "WhereaboutsDependencies", targets: ["WhereaboutsDependencies"]),
        .library(name: "WhereaboutsUI", targets: ["WhereaboutsUI"]),
        .executable(name: "whereabouts", targets: ["whereabouts"]),
        .plugin(name: "WhereaboutsLintPlugin", targets: ["WhereaboutsLintPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Any swift-syntax from 600 to 604 (swift-dependencies also stops before 605), so an app whose other macro packages
        // pin an older swift-syntax still resolves Whereabouts; CI builds the linter with 600.0.1 as well as the newest.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    ],
    targets: [
        .target(name: "Whereabouts", swiftSettings: swiftSettings),
        .target(
            name: "WhereaboutsReplay",
            dependencies: ["Whereabouts"],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WhereaboutsGPSD",
            dependencies: [
                "Whereabouts",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WhereaboutsLint",
            dependencies: [
                "Whereabouts",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        // A test-only library: it links IssueReporting's test support (and so Swift Testing and XCTest), through which
        // a misused double fails the running test of either framework with nothing else linked. The CLI never links it.
        .target(
            name: "WhereaboutsTesting",
            dependencies: [
                "Whereabouts",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WhereaboutsScenarios",
            dependencies: ["Whereabouts", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: swiftSettings
        ),
        .target(name: "WhereaboutsCoreLocation", dependencies: ["Whereabouts"], swiftSettings: swiftSettings),
        // The SwiftUI views and MapKit content of the permission screens: every file compiles to nothing without
        // SwiftUI and MapKit (Linux), and on watchOS and tvOS; their texts are localizable resources.
        .target(
            name: "WhereaboutsUI",
            dependencies: ["Whereabouts"],
            resources: [.process("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WhereaboutsDependencies",
            dependencies: [
                "Whereabouts",
                "WhereaboutsCoreLocation",
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "whereabouts",
            dependencies: [
                "Whereabouts",
                "WhereaboutsGPSD",
                "WhereaboutsLint",
                "WhereaboutsReplay",
                "WhereaboutsScenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .plugin(
            name: "WhereaboutsLintPlugin",
            capability: .command(
                intent: .custom(
                    verb: "whereabouts-lint",
                    description: "Check an app project's location purpose strings, keys and background modes "
                        + "against its code (runs `whereabouts lint`; the package's folder unless folders are given)."
                )
            ),
            dependencies: ["whereabouts"]
        ),
        // What the package's own tests share (a seeded random number generator, child processes awaited off the
        // cooperative pool); no product ships it.
        .target(name: "WhereaboutsTestSupport", path: "Tests/WhereaboutsTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "WhereaboutsTests",
            dependencies: ["Whereabouts"] + testDoubles,
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WhereaboutsDependenciesTests",
            dependencies: [
                "Whereabouts",
                "WhereaboutsDependencies",
                "WhereaboutsTesting",
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WhereaboutsGPSDTests",
            dependencies: [
                "Whereabouts",
                "WhereaboutsGPSD",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ] + testDoubles,
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WhereaboutsLintTests",
            dependencies: ["Whereabouts", "WhereaboutsLint", "WhereaboutsTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WhereaboutsReplayTests",
            dependencies: ["Whereabouts", "WhereaboutsReplay"] + testDoubles,
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WhereaboutsTestingTests",
            dependencies: [
                "Whereabouts",
                "WhereaboutsReplay",
                "WhereaboutsScenarios",
                "whereabouts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + testDoubles,
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WhereaboutsScenariosTests",
            dependencies: ["Whereabouts", "WhereaboutsScenarios"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The benchmarks measure a Linux machine: they read /proc (peak RSS, open descriptors, their own path), run gpsd,
// gpsbabel and gpsd's Python client as baselines, and call Glibc directly (posix_spawn, sockets, getrusage). So they
// exist only where the manifest is read on Linux: `swift build` and `swift test` on a Mac never see them. (`os()` in a
// manifest is the host's; a cross-build from Linux to an Apple platform would still list them, and need not build them.)
#if os(Linux)
package.products.append(.executable(name: "whereabouts-bench", targets: ["whereabouts-bench"]))
package.targets.append(
    .executableTarget(
        name: "whereabouts-bench",
        dependencies: [
            "Whereabouts",
            "WhereaboutsGPSD",
            "WhereaboutsLint",
            "WhereaboutsReplay",
            "WhereaboutsTesting",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ],
        path: "Benchmarks/whereabouts-bench",
        swiftSettings: swiftSettings
    )
)
#endif

// Apple stand-ins: scripts/check-apple.sh sets WHEREABOUTS_APPLE to a flavour (ios, macos, tvos, visionos, watchos) to
// type-check the Apple-only code on Linux against interface-only modules named CoreLocation and UIKit, AppKit or
// WatchKit, written from Apple's SDK declarations in AppleStandIns/. Each flavour marks what its platform lacks
// unavailable (AppleStandIns/Declarations.tsv); tvos, visionos and watchos also define STANDIN_TVOS, STANDIN_VISIONOS
// or STANDIN_WATCHOS in the Core Location modules, where those stand for os(tvOS), os(visionOS) and os(watchOS).
// Never set for a real build: the stand-ins' bodies trap.
let appleFlavours = [
    "ios": "UIKit", "macos": "AppKit", "tvos": "UIKit", "visionos": "UIKit", "watchos": "WatchKit",
]
if let flavour = Context.environment["WHEREABOUTS_APPLE"], let application = appleFlavours[flavour] {
    // Library evolution makes their enums non-frozen, as Objective-C enums are when imported.
    let standInSettings: [SwiftSetting] = [.unsafeFlags(["-enable-library-evolution"])]
    // They run, too: the stand-in CLLocationManager drives a location manager of the simulated OS (the files named
    // StandIn*.swift), so the live behaviour suite below can run the package's Core Location bridge.
    package.targets.append(
        .target(
            name: "CoreLocation",
            dependencies: ["Whereabouts"],
            path: "AppleStandIns/CoreLocation",
            swiftSettings: standInSettings + [.define("WHEREABOUTS_STANDIN_\(flavour.uppercased())")]
        )
    )
    package.targets.append(
        .target(
            name: application,
            dependencies: ["CoreLocation"],
            path: "AppleStandIns/\(application)",
            swiftSettings: standInSettings
        )
    )
    // SwiftUI and MapKit (interface only: their bodies trap and never run) for the views of WhereaboutsUI, in the
    // flavours whose platform has them (WhereaboutsUI compiles to nothing on watchOS and tvOS), and only when
    // WHEREABOUTS_APPLE_UI is set too: scripts/check-apple.sh then builds WhereaboutsUI alone, in a scratch folder of its
    // own, because packages of the graph (swift-dependencies, combine-schedulers) compile their SwiftUI code wherever
    // canImport(SwiftUI) is true, which no interface-only SwiftUI could satisfy. MapKit's SwiftUI content needs SwiftUI
    // and Core Location, as Apple's does.
    let hasSwiftUI =
        ["ios", "macos", "visionos"].contains(flavour) && Context.environment["WHEREABOUTS_APPLE_UI"] != nil
    if hasSwiftUI {
        // SwiftUI's `#Preview` needs an implementation: a compiler plugin named as Apple's (PreviewsMacros.SwiftUIView)
        // whose expansion only type-checks the preview's name and body, so the previews of WhereaboutsUI are compiled.
        package.targets.append(
            .macro(
                name: "PreviewsMacros",
                dependencies: [
                    .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                    .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                ],
                path: "AppleStandIns/PreviewsMacros"
            )
        )
        package.targets.append(
            .target(
                name: "SwiftUI",
                dependencies: ["PreviewsMacros"],
                path: "AppleStandIns/SwiftUI",
                swiftSettings: standInSettings
            )
        )
        package.targets.append(
            .target(
                name: "MapKit",
                dependencies: ["SwiftUI", "CoreLocation"],
                path: "AppleStandIns/MapKit",
                swiftSettings: standInSettings
            )
        )
    }
    var platformSettings: [SwiftSetting] = []
    if flavour == "visionos" { platformSettings.append(.define("STANDIN_VISIONOS")) }
    if flavour == "watchos" { platformSettings.append(.define("STANDIN_WATCHOS")) }
    if flavour == "tvos" { platformSettings.append(.define("STANDIN_TVOS")) }
    // The live behaviour suite below is not recompiled on each run.
    let testSettings = platformSettings + [.define("WHEREABOUTS_LIVE_\(flavour.uppercased())")]
    // A new WHEREABOUTS_APPLE_RUN each run recompiles the Apple-only modules, so their warnings are printed again.
    if let run = Context.environment["WHEREABOUTS_APPLE_RUN"], run.allSatisfy({ $0.isLetter || $0.isNumber }) {
        platformSettings.append(.define("WHEREABOUTS_APPLE_RUN_\(run)"))
    }
    for target in package.targets {
        if target.name == "WhereaboutsCoreLocation" {
            target.dependencies += ["CoreLocation", .target(name: application)]
            // Line coverage of the bridge alone, for the live behaviour suite's report (scripts/check-apple.sh).
            target.swiftSettings =
                (target.swiftSettings ?? []) + [.unsafeFlags(["-profile-generate", "-profile-coverage-mapping"])]
        }
        if target.name == "WhereaboutsUI" && hasSwiftUI {
            target.dependencies += ["SwiftUI", "MapKit", "CoreLocation", .target(name: application)]
        }
        if ["WhereaboutsCoreLocation", "WhereaboutsDependencies", "WhereaboutsUI"].contains(target.name) {
            target.swiftSettings = (target.swiftSettings ?? []) + platformSettings
        }
    }
    // The live behaviour suite (`swift test` in a flavour, as scripts/check-apple.sh runs it): the one-client behaviour
    // tests with `LocationClient.live()` as the client under test; the package's other tests are not built here.
    package.targets.removeAll { $0.type == .test && $0.name != "WhereaboutsTests" }
    for target in package.targets where target.name == "WhereaboutsTests" {
        let kept = [
            "ClientBehaviour", "ManagerClient/Harness.swift", "ManagerClient/StandInLocationManager.swift", "Support",
        ]
        target.sources = kept
        // What else is in the folder is left out (SwiftPM would otherwise warn of each file it does not handle).
        let folder = Context.packageDirectory + "/Tests/WhereaboutsTests"
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        target.exclude = files.filter { file in
            file.hasSuffix(".swift") && file != "Fixtures" && !file.hasPrefix("Fixtures/")
                && !kept.contains { file == $0 || file.hasPrefix($0 + "/") }
        }
        target.dependencies += ["WhereaboutsCoreLocation", "CoreLocation"]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-profile-generate"])]
        target.swiftSettings =
            (target.swiftSettings ?? []) + testSettings + [.define("WHEREABOUTS_LIVE_BEHAVIOUR")]
    }
}

// libFuzzer targets, one folder each under Fuzz/. They have no `main` of their own (libFuzzer supplies it), so they
// exist only when WHEREABOUTS_FUZZ is set; a plain `swift build` or `swift test` never sees them. scripts/fuzz.sh sets
// it and builds with `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`.
if Context.environment["WHEREABOUTS_FUZZ"] != nil {
    let fuzzTargets: [(name: String, folder: String, dependencies: [Target.Dependency])] = [
        ("fuzz-gpx", "GPX", ["Whereabouts", "WhereaboutsReplay"]),
        ("fuzz-nmea", "NMEA", ["Whereabouts", "WhereaboutsReplay"]),
        ("fuzz-gpsd", "GPSD", ["Whereabouts", "WhereaboutsGPSD"]),
        ("fuzz-plist", "Plist", ["WhereaboutsLint"]),
        ("fuzz-pbxproj", "PBXProj", ["WhereaboutsLint"]),
    ]
    for target in fuzzTargets {
        package.products.append(.executable(name: target.name, targets: [target.name]))
        package.targets.append(
            .executableTarget(
                name: target.name,
                dependencies: target.dependencies,
                path: "Fuzz/\(target.folder)",
                swiftSettings: swiftSettings
            )
        )
    }
}

// DocC: scripts/docs.sh sets WHEREABOUTS_DOCS so `swift package generate-documentation` exists there; an app that
// depends on Whereabouts never resolves the plugin.
if Context.environment["WHEREABOUTS_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
