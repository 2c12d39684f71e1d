import Foundation
import Testing

@testable import WhereaboutsLint

/// Code an app gets from outside its own target, in the shapes real projects use: a Swift package product, a
/// local CocoaPod, a framework of another Xcode project (a project reference or a workspace sibling), and the
/// targets that are not judged on their own (a test host).
@Suite(.timeLimit(.minutes(5)))
struct LinkedProjectsTests {
    /// A temporary folder holding `files` (path → text).
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "linked-projects-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private func target(_ name: String, in project: LintProject) throws -> LintTarget {
        try #require(project.targets.first { $0.name == name }, "no target \(name) in \(project.targets.map(\.name))")
    }

    static func plist(_ keys: [String: String]) -> String {
        let entries = keys.keys.sorted().map { "\t<key>\($0)</key>\n\t<string>\(keys[$0]!)</string>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(entries.joined(separator: "\n"))
            </dict>
            </plist>
            """
    }

    static let whenInUse = "NSLocationWhenInUseUsageDescription"
    static let always = "NSLocationAlwaysAndWhenInUseUsageDescription"
    static let askAlways = """
        import CoreLocation

        final class Tracker {
            let manager = CLLocationManager()
            func start() { manager.requestAlwaysAuthorization() }
        }
        """
    static let askWhenInUse = """
        import CoreLocation

        final class Finder {
            let manager = CLLocationManager()
            func start() { manager.requestWhenInUseAuthorization() }
        }
        """

    /// A one-project pbxproj: `targets` are (id, name, product type, product file, INFOPLIST_FILE, sources,
    /// frameworks phase entries as (file reference id, its definition)), plus extra objects.
    static func pbxproj(
        targets: [(id: String, name: String, type: String, product: String, plist: String?, sources: [String])],
        frameworks: [String: [(ref: String, definition: String)]] = [:],
        dependencies: [String: [String]] = [:],
        extra: String = ""
    ) -> String {
        var objects = ""
        var targetIDs: [String] = []
        for target in targets {
            let id = target.id
            targetIDs.append(id)
            var buildFiles: [String] = []
            for (index, source) in target.sources.enumerated() {
                objects +=
                    "\(id)_SRC\(index) = {isa = PBXFileReference; path = \"\(source)\"; sourceTree = SOURCE_ROOT; };\n"
                objects += "\(id)_BF\(index) = {isa = PBXBuildFile; fileRef = \(id)_SRC\(index); };\n"
                buildFiles.append("\(id)_BF\(index)")
            }
            var frameworkFiles: [String] = []
            for (index, framework) in (frameworks[id] ?? []).enumerated() {
                objects += "\(framework.ref) = \(framework.definition);\n"
                objects += "\(id)_FW\(index) = {isa = PBXBuildFile; fileRef = \(framework.ref); };\n"
                frameworkFiles.append("\(id)_FW\(index)")
            }
            objects +=
                "\(id)_PRODUCT = {isa = PBXFileReference; path = \"\(target.product)\"; sourceTree = BUILT_PRODUCTS_DIR; };\n"
            objects +=
                "\(id)_SOURCES = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };\n"
            objects +=
                "\(id)_FRAMEWORKS = {isa = PBXFrameworksBuildPhase; files = (\(frameworkFiles.joined(separator: ", "))); };\n"
            let plist = target.plist.map { "INFOPLIST_FILE = \"\($0)\"; " } ?? ""
            objects +=
                "\(id)_CONFIG = {isa = XCBuildConfiguration; buildSettings = {\(plist)SDKROOT = iphoneos; }; name = Release; };\n"
            objects += "\(id)_LIST = {isa = XCConfigurationList; buildConfigurations = (\(id)_CONFIG); };\n"
            objects += """
                \(id) = {isa = PBXNativeTarget; buildConfigurationList = \(id)_LIST; \
                buildPhases = (\(id)_SOURCES, \(id)_FRAMEWORKS); dependencies = (\((dependencies[id] ?? []).joined(separator: ", "))); \
                name = \(target.name); productReference = \(id)_PRODUCT; productType = "\(target.type)"; };

                """
        }
        objects += "MAIN_GROUP = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };\n"
        objects += "PROJECT_CONFIG = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };\n"
        objects += "PROJECT_LIST = {isa = XCConfigurationList; buildConfigurations = (PROJECT_CONFIG); };\n"
        objects += """
            PROJECT = {isa = PBXProject; buildConfigurationList = PROJECT_LIST; mainGroup = MAIN_GROUP; \
            projectDirPath = ""; targets = (\(targetIDs.joined(separator: ", "))); };

            """
        return
            "// !$*UTF8*$!\n{\narchiveVersion = 1;\nobjectVersion = 56;\nobjects = {\n\(objects)\(extra)};\nrootObject = PROJECT;\n}\n"
    }

    static let app = "com.apple.product-type.application"
    static let framework = "com.apple.product-type.framework"

    // MARK: Other projects

    @Test("a workspace sibling's framework (a BUILT_PRODUCTS_DIR Kit.framework) brings its code to the app")
    func workspaceSiblingFramework() async throws {
        let root = try folder([
            "Kit/Kit.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                ("KIT", "Kit", Self.framework, "Kit.framework", "Info.plist", ["Sources/Tracker.swift"])
            ]),
            "Kit/Info.plist": Self.plist([:]),
            "Kit/Sources/Tracker.swift": Self.askAlways,
            "Samples/Catalog/Catalog.xcodeproj/project.pbxproj": Self.pbxproj(
                targets: [
                    ("APP", "Catalog", Self.app, "Catalog.app", "Catalog/Info.plist", ["Catalog/AppDelegate.swift"])
                ],
                frameworks: [
                    "APP": [
                        ("KIT_REF", "{isa = PBXFileReference; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; }")
                    ]
                ]
            ),
            "Samples/Catalog/Catalog/Info.plist": Self.plist([
                Self.whenInUse: "Catalog shows the survey sites near you on the map.",
                Self.always: "Catalog records the walk test's route while the phone is in your pocket.",
            ]),
            "Samples/Catalog/Catalog/AppDelegate.swift": "final class AppDelegate {}\n",
            "Workspace.xcworkspace/contents.xcworkspacedata": "<Workspace version = \"1.0\"></Workspace>\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let project = ProjectScanner().scan(root)
        let catalog = try target("Catalog", in: project)
        #expect(catalog.sourceFiles.contains("Kit/Sources/Tracker.swift"))
        // The framework alone is not an app: it is judged in the app that embeds it.
        #expect(!project.targets.contains { $0.name == "Kit" })
        let report = await Linter(configuration: LintConfiguration()).lint([root])
        #expect(!report.findings.contains { $0.ruleID == "unused-location-key" && $0.target == "Catalog" })
        #expect(!report.findings.contains { $0.ruleID == "missing-usage-description" })
    }

    @Test("a project reference's target dependency (containerPortal) brings the other project's framework code")
    func projectReferenceDependency() throws {
        let proxy = """
            SDK_PROJECT_REF = {isa = PBXFileReference; path = ../SDK.xcodeproj; sourceTree = SOURCE_ROOT; };
            MISSING_PROJECT_REF = {isa = PBXFileReference; path = ../Vendor/Vendor.xcodeproj; sourceTree = SOURCE_ROOT; };
            SDK_PROXY = {isa = PBXContainerItemProxy; containerPortal = SDK_PROJECT_REF; proxyType = 1; \
            remoteGlobalIDString = SDKTARGET; remoteInfo = SDK; };
            MISSING_PROXY = {isa = PBXContainerItemProxy; containerPortal = MISSING_PROJECT_REF; proxyType = 1; \
            remoteGlobalIDString = VENDOR; remoteInfo = Vendor; };
            SDK_DEPENDENCY = {isa = PBXTargetDependency; name = SDK; targetProxy = SDK_PROXY; };
            MISSING_DEPENDENCY = {isa = PBXTargetDependency; name = Vendor; targetProxy = MISSING_PROXY; };

            """
        let root = try folder([
            "SDK.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                ("SDKTARGET", "SDK", Self.framework, "SDK.framework", nil, ["SDK/Tracker.swift"])
            ]),
            "SDK/Tracker.swift": Self.askAlways,
            "Example/Example.xcodeproj/project.pbxproj": Self.pbxproj(
                targets: [("APP", "Example", Self.app, "Example.app", "Example/Info.plist", ["Example/Main.swift"])],
                dependencies: ["APP": ["SDK_DEPENDENCY", "MISSING_DEPENDENCY"]],
                extra: proxy
            ),
            "Example/Example/Info.plist": Self.plist([Self.always: "Example logs trips in the background."]),
            "Example/Example/Main.swift": "final class Main {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let project = ProjectScanner().scan(root)
        let example = try target("Example", in: project)
        #expect(example.sourceFiles == ["Example/Example/Main.swift", "SDK/Tracker.swift"])
        let notes = project.problems.filter { $0.ruleID == "unresolved-reference" }.map(\.message)
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.contains("target Vendor of Vendor/Vendor.xcodeproj, which is not in the folder") == true)
    }

    // MARK: Swift packages

    @Test("an app linking the root package's product gets only that product's targets, not all of Sources/")
    func packageProductTargets() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            let mapsPath: String? = nil

            let package = Package(
                name: "Maps",
                products: [
                    .library(name: "Maps", targets: ["Maps"]),
                ],
                dependencies: [
                    .package(url: "https://example.com/turf.git", from: "1.0.0"),
                ],
                targets: [
                    .target(
                        name: "Maps",
                        dependencies: ["MapsCore", .product(name: "Turf", package: "turf")],
                        path: mapsPath
                    ),
                    .target(name: "MapsCore", path: "Core/MapsCore"),
                    .testTarget(name: "MapsTests", dependencies: ["Maps"]),
                ]
            )
            """
        let spec = """
            name: Examples
            packages:
              Maps:
                path: .
            targets:
              Examples:
                type: application
                platform: iOS
                info:
                  path: Sources/Examples/Info.plist
                sources: [Sources/Examples]
                dependencies:
                  - package: Maps
            """
        let root = try folder([
            "Package.swift": manifest,
            "project.yml": spec,
            "Sources/Maps/LocationProvider.swift": Self.askWhenInUse,
            "Core/MapsCore/Style.swift": "struct Style {}\n",
            "Sources/Examples/ExampleList.swift": "struct ExampleList {}\n",
            "Sources/Examples/Info.plist": Self.plist([Self.whenInUse: "Examples show your position on the map."]),
            "Sources/TestHost/AppDelegate.swift": Self.askAlways,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let examples = try target("Examples", in: ProjectScanner().scan(root))
        #expect(
            examples.sourceFiles == [
                "Core/MapsCore/Style.swift", "Sources/Examples/ExampleList.swift",
                "Sources/Maps/LocationProvider.swift",
            ]
        )
    }

    @Test("Package.swift products: literal and default paths, local target dependencies, executables")
    func manifestReader() {
        let reader = PackageManifestReader(
            text: """
                let package = Package(
                    name: "Kit",
                    products: [
                        .library(name: "Kit", targets: ["Kit"]),
                        .library(name: "KitUI", type: .dynamic, targets: ["KitUI"]),
                    ],
                    targets: [
                        .target(name: "Kit", dependencies: [.target(name: "KitCore"), .byName(name: "KitLog")]),
                        .target(name: "KitCore", path: "./Shared/Core/"),
                        .target(name: "KitLog"),
                        .target(name: "KitUI", dependencies: ["Kit"]),
                        .executableTarget(name: "kit-tool", dependencies: ["Kit"]),
                    ]
                )
                """
        )
        #expect(reader.folders(ofProduct: "Kit") == ["Shared/Core", "Sources/Kit", "Sources/KitLog"])
        #expect(
            reader.folders(ofProduct: "KitUI") == ["Shared/Core", "Sources/Kit", "Sources/KitLog", "Sources/KitUI"]
        )
        #expect(
            reader.folders(ofProduct: "kit-tool") == [
                "Shared/Core", "Sources/Kit", "Sources/KitLog", "Sources/kit-tool",
            ]
        )
        #expect(reader.folders(ofProduct: "Other") == nil)
        #expect(reader.targets["KitCore"]?.dependencies == [])
    }

    @Test("an app named …TestHost that declares no location key is a note, not judged on the code it links")
    func testHostIsNotJudged() async throws {
        let spec = """
            name: Maps
            targets:
              MapsTestHost:
                type: application
                platform: iOS
                info:
                  path: TestHost/Info.plist
                sources: [TestHost, Library]
              Demo:
                type: application
                platform: iOS
                info:
                  path: Demo/Info.plist
                sources: [Demo, Library]
            """
        let root = try folder([
            "project.yml": spec,
            "TestHost/Info.plist": Self.plist([:]),
            "TestHost/AppDelegate.swift": "final class AppDelegate {}\n",
            "Demo/Info.plist": Self.plist([:]),
            "Demo/DemoApp.swift": "final class DemoApp {}\n",
            "Library/Finder.swift": Self.askWhenInUse,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let project = ProjectScanner().scan(root)
        #expect(project.targets.map(\.name) == ["Demo"])
        #expect(project.problems.contains { $0.message.contains("target MapsTestHost is a test host") })
        let report = await Linter(configuration: LintConfiguration()).lint([root])
        let missing = report.findings.filter { $0.ruleID == "missing-usage-description" }
        // An app that ships and declares nothing is still judged.
        #expect(missing.map(\.target) == ["Demo"])
    }

    // MARK: CocoaPods

    @Test("a local pod (pod 'Chat', :path => '../') brings its podspec's source_files to the Podfile's target")
    func localPod() async throws {
        let podfile = """
            platform :ios, '12.0'

            target 'ChatDemo' do
              # The library itself, from this repository.
              pod 'Chat', :path => '../'
              pod 'Alamofire', '5.0'
            end

            target 'OtherDemo' do
              pod 'Alamofire'
            end
            """
        let podspec = """
            Pod::Spec.new do |s|
              s.name         = 'Chat'
              s.source_files  = 'Chat', 'Chat/**/*.{h,m}'
              s.exclude_files = 'Chat/Legacy'
            end
            """
        let objc = """
            #import <CoreLocation/CoreLocation.h>

            @implementation LocationSender
            - (void)start {
                [self.manager requestAlwaysAuthorization];
            }
            @end
            """
        let root = try folder([
            "Chat.podspec": podspec,
            "Chat/Location/LocationSender.m": objc,
            "Tools/Unrelated.swift": Self.askAlways,
            "ChatDemo/Podfile": podfile,
            "ChatDemo/ChatDemo.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                ("APP", "ChatDemo", Self.app, "ChatDemo.app", "Demo/Info.plist", ["Demo/Main.m"]),
                ("OTHER", "OtherDemo", Self.app, "OtherDemo.app", "Other/Info.plist", ["Other/Main.m"]),
            ]),
            "ChatDemo/Demo/Info.plist": Self.plist([Self.whenInUse: "ChatDemo sends your location in a chat."]),
            "ChatDemo/Demo/Main.m": "int main(void) { return 0; }\n",
            "ChatDemo/Other/Info.plist": Self.plist([:]),
            "ChatDemo/Other/Main.m": "int main(void) { return 0; }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let project = ProjectScanner().scan(root)
        #expect(
            try target("ChatDemo", in: project).sourceFiles == [
                "Chat/Location/LocationSender.m", "ChatDemo/Demo/Main.m",
            ]
        )
        #expect(try target("OtherDemo", in: project).sourceFiles == ["ChatDemo/Other/Main.m"])
        let report = await Linter(configuration: LintConfiguration()).lint([root])
        let missing = report.findings.filter { $0.ruleID == "missing-usage-description" }
        #expect(missing.map(\.target) == ["ChatDemo"])
        #expect(missing.first?.position.file.hasSuffix("/Chat/Location/LocationSender.m") == true)
    }

    @Test("Podfile: local pods by target block, double quotes, path: syntax and subspecs")
    func podfileReader() {
        let pods = PodfileReader.localPods(
            text: """
                use_frameworks!
                pod "Core/Location", path: "Vendor/Core"  # shared
                abstract_target 'Shared' do
                  target 'App' do
                    pod 'Kit', :path => '../Kit'
                  end
                end
                """,
            file: "App/Podfile"
        )
        #expect(
            pods == [
                PodfileReader.LocalPod(name: "Core", folder: "App/Vendor/Core", targets: []),
                PodfileReader.LocalPod(name: "Kit", folder: "Kit", targets: ["App"]),
            ]
        )
        #expect(PodfileReader.expandBraces("A/**/*.{h,m,swift}") == ["A/**/*.h", "A/**/*.m", "A/**/*.swift"])
    }

    // MARK: xcconfig

    @Test("an .xcconfig a target is based on that is missing is one note; a missing CocoaPods one is quiet")
    func missingXCConfig() throws {
        let configs = """
            APP_XCCONFIG = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
            PODS_XCCONFIG = {isa = PBXFileReference; path = "Pods/Target Support Files/Pods-Pods/Pods-Pods.release.xcconfig"; sourceTree = "<group>"; };
            """
        var text = Self.pbxproj(
            targets: [
                ("APP", "Configured", Self.app, "Configured.app", "App/Info.plist", ["App/Main.swift"]),
                ("PODS", "Pods", Self.app, "Pods.app", "Pods/Info.plist", ["PodsApp/Main.swift"]),
            ],
            extra: configs
        )
        text = text.replacingOccurrences(
            of: "APP_CONFIG = {isa = XCBuildConfiguration; ",
            with: "APP_CONFIG = {isa = XCBuildConfiguration; baseConfigurationReference = APP_XCCONFIG; "
        ).replacingOccurrences(
            of: "PODS_CONFIG = {isa = XCBuildConfiguration; ",
            with: "PODS_CONFIG = {isa = XCBuildConfiguration; baseConfigurationReference = PODS_XCCONFIG; "
        )
        let root = try folder([
            "Configured.xcodeproj/project.pbxproj": text,
            "App/Info.plist": Self.plist([:]),
            "App/Main.swift": "struct Main {}\n",
            "Pods/Info.plist": Self.plist([:]),
            "PodsApp/Main.swift": "struct Main {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let project = ProjectScanner().scan(root)
        let notes = project.problems.filter { $0.message.contains(".xcconfig") }.map(\.message)
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.hasPrefix("Config/App.xcconfig, the .xcconfig file target Configured is based on") == true)
    }
}
