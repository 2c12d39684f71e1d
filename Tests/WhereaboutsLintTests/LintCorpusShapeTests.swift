import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import WhereaboutsLint

/// Shapes of real apps the linter misjudged: location SDKs from outside the folder, `#if os(…)` branches, web
/// views, macOS targets, and single-language apps left at the `en` development region.
@Suite(.timeLimit(.minutes(5)))
struct LintCorpusShapeTests {
    static func findings(_ report: LintReport, _ rule: String) -> [LintFinding] {
        report.findings.filter { $0.ruleID == rule }
    }

    // MARK: Dependencies from outside the folder

    @Test("a location SDK pod: no unused-location-key, one note naming the pod")
    func locationSDKPod() async throws {
        let report = try await LintEndToEndTests.lint("Issue15-LocationSDK")
        #expect(Self.findings(report, "unused-location-key").isEmpty, "\(report.findings.map(\.message))")
        let notes = Self.findings(report, "unchecked-location-dependency")
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .info)
        #expect(notes.first?.message.contains("GeoTrailKit") == true)
        #expect(notes.first?.message.contains("Charts") == false)
        #expect(notes.first?.message.contains("3 unused-location-key findings held back") == true)
        #expect(report.findings.count == 1, "\(report.findings.map(\.message))")
    }

    @Test("pods whose names say nothing of location leave unused keys reported")
    func layoutPods() async throws {
        let report = try await LintEndToEndTests.lint("Issue15-LayoutPods")
        #expect(Self.findings(report, "unused-location-key").count == 3, "\(report.findings.map(\.message))")
        #expect(Self.findings(report, "unchecked-location-dependency").isEmpty)
    }

    @Test("Always asked next to a location SDK is not called unneeded")
    func alwaysNextToALocationSDK() {
        var target = LintRulesTests.target([LintRulesTests.whenInUse: .string(LintRulesTests.good)])
        let uses = [LintRulesTests.use(.requestAlways)]
        #expect(LintRulesTests.run(.alwaysWithoutBackgroundUse, target, uses).count == 1)
        target.uncheckedDependencies = ["HyperTrack", "SnapKit"]
        #expect(LintRulesTests.run(.alwaysWithoutBackgroundUse, target, uses).isEmpty)
        let notes = LintRulesTests.run(.uncheckedLocationDependency, target, uses)
        #expect(notes.map(\.position.line) == [10])
        #expect(notes.first?.message.contains("HyperTrack") == true)
        #expect(notes.first?.message.contains("SnapKit") == false)
    }

    @Test("manifests: pods but not local ones, Cartfile, pbxproj packages, Package.resolved, XcodeGen, Package.swift")
    func manifests() throws {
        #expect(
            UncheckedDependencies.pods(
                inPodfile:
                    "target 'A' do\n  pod 'Kit', :path => '../'\n  pod \"Radar/Core\", '~> 3'\n  pod 'Charts'\nend"
            ) == ["Radar", "Charts"]
        )
        #expect(
            UncheckedDependencies.cartfileEntries("github \"mapbox/mapbox-navigation-ios\" ~> 2.0\n# no\n")
                == ["mapbox/mapbox-navigation-ios"]
        )
        let project = """
            /* Begin XCRemoteSwiftPackageReference section */
            		AB /* XCRemoteSwiftPackageReference "sdk-ios" */ = {
            			isa = XCRemoteSwiftPackageReference;
            			repositoryURL = "https://github.com/hypertrack/sdk-ios";
            		};
            /* End XCRemoteSwiftPackageReference section */
            /* Begin XCSwiftPackageProductDependency section */
            		CD /* HyperTrack */ = {
            			isa = XCSwiftPackageProductDependency;
            			productName = HyperTrack;
            		};
            /* End XCSwiftPackageProductDependency section */
            """
        #expect(UncheckedDependencies.packages(inProject: project) == ["hypertrack/sdk-ios", "HyperTrack"])
        #expect(
            UncheckedDependencies.packages(
                inXcodeGen:
                    "packages:\n  Map:\n    url: https://github.com/maplibre/maplibre-gl-native-distribution\n  Local:\n    path: Packages/Local\n"
            )
                == ["maplibre/maplibre-gl-native-distribution"]
        )
        #expect(
            UncheckedDependencies.values(
                after: ".package(url:",
                in: #".package(url: "https://github.com/Moya/Moya.git", from: "15.0.0")"#
            )
            .map(UncheckedDependencies.repositoryName) == ["Moya/Moya"]
        )
        #expect(
            UncheckedDependencies.values(
                after: "\"location\"",
                in: #"{ "identity" : "locokit", "location" : "https://github.com/sobri909/LocoKit.git" }"#
            )
            .map(UncheckedDependencies.repositoryName) == ["sobri909/LocoKit"]
        )
    }

    @Test(
        "names that suggest a location or maps SDK",
        arguments: [
            ("HyperTrack", true), ("hypertrack/sdk-ios", true), ("sobri909/LocoKit", true), ("MapLibre", true),
            ("maplibre/maplibre-gl-native-distribution", true), ("mapbox/mapbox-common-ios", true),
            ("GeoTrailKit", true), ("google-maps-ios-utils", true), ("SnapKit", false), ("ObjectMapper", false),
            ("Charts", false), ("CoreGPX", false), ("pointfreeco/swiftui-navigation", false), ("Alamofire", false),
        ]
    )
    func locationNames(_ name: String, _ expected: Bool) {
        #expect(UncheckedDependencies.suggestsLocation(name) == expected, "\(name)")
    }

    // MARK: #if branches and platforms

    @Test("#if os(macOS) code counts only for the Mac app; the iOS app compiles the #else branch")
    func platformBranches() async throws {
        let report = try await LintEndToEndTests.lint("Issue15-Platforms")
        #expect(report.targetCount == 2)
        let beacon = report.findings.filter { $0.target == "Beacon" }
        #expect(beacon.isEmpty, "\(beacon.map(\.message))")
        let mac = report.findings.filter { $0.target == "BeaconMac" }
        #expect(mac.map(\.ruleID) == ["missing-usage-description"], "\(mac.map(\.message))")
        #expect(mac.first?.message.contains("needs NSLocationUsageDescription") == true)
        #expect(mac.first?.message.contains("asking for Always needs both") == false)
    }

    static func condition(_ text: String) -> ExprSyntax {
        let file = Parser.parse(source: "#if \(text)\nlet x = 1\n#endif\n")
        let clause = file.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first
        return clause!.condition!
    }

    @Test(
        "conditions by platform: iOS, Mac Catalyst, macOS, watchOS",
        arguments: [
            ("os(iOS)", [true, true, false, false]),
            ("os(macOS)", [false, false, true, false]),
            ("targetEnvironment(macCatalyst)", [false, true, false, false]),
            ("canImport(UIKit)", [true, true, false, true]),
            ("os(iOS) && !targetEnvironment(macCatalyst)", [true, false, false, false]),
            ("os(iOS) || os(macOS)", [true, true, true, false]),
            ("!(os(macOS) || targetEnvironment(macCatalyst))", [true, false, false, true]),
            ("os(watchOS) || os(iOS) && !targetEnvironment(macCatalyst)", [true, false, false, true]),
        ]
    )
    func conditions(_ text: String, _ expected: [Bool]) {
        let platforms: [BuildPlatform] = [.iOS, .macCatalyst, .macOS, .watchOS]
        let values = platforms.map { CompilationCondition.evaluate(Self.condition(text), on: $0) }
        #expect(values == expected.map { Optional($0) }, "\(text)")
    }

    @Test("an unknown condition is unknown, and code under it counts everywhere")
    func unknownConditions() {
        #expect(CompilationCondition.evaluate(Self.condition("DEBUG"), on: .iOS) == nil)
        #expect(CompilationCondition.evaluate(Self.condition("os(iOS) && DEBUG"), on: .iOS) == nil)
        #expect(CompilationCondition.evaluate(Self.condition("os(macOS) && DEBUG"), on: .iOS) == false)
        #expect(CompilationCondition.evaluate(Self.condition("compiler(>=5.3) || os(iOS)"), on: .iOS) == true)
        let source = """
            import CoreLocation
            let manager = CLLocationManager()
            func ask() {
                #if DEBUG
                manager.requestAlwaysAuthorization()
                #elseif os(macOS)
                manager.requestWhenInUseAuthorization()
                #else
                manager.startMonitoringVisits()
                #endif
            }
            """
        let uses = SourceAnalyzer().usages(inSwift: source, file: "A.swift", constants: [:])
        #expect(uses.map(\.platforms) == [nil, [.macOS], Set(BuildPlatform.allCases).subtracting([.macOS])])
    }

    @Test("a Mac Catalyst build keeps os(iOS) code; a target that runs on the Mac keeps os(macOS) code too")
    func catalyst() {
        var target = LintRulesTests.target([:])
        let iOSOnly = CodeUsage(.requestAlways, at: SourcePosition(file: "A.swift"), platforms: [.iOS])
        let macOnly = CodeUsage(.requestAlways, at: SourcePosition(file: "A.swift"), platforms: [.macOS])
        #expect(RuleContext(target: target, usages: [iOSOnly, macOnly]).usages == [iOSOnly])
        target.runsOnMac = true
        #expect(RuleContext(target: target, usages: [iOSOnly, macOnly]).usages == [iOSOnly, macOnly])
        target.platform = .macOS
        #expect(RuleContext(target: target, usages: [iOSOnly, macOnly]).usages == [macOnly])
    }

    @Test("a Mac app: NSLocationUsageDescription is the key; Always advice and the iOS keys are not its business")
    func macApp() {
        var target = LintRulesTests.target([LintRulesTests.whenInUse: .string(LintRulesTests.good)])
        target.platform = .macOS
        target.runsOnMac = true
        let uses = [LintRulesTests.use(.requestAlways)]
        let missing = LintRulesTests.run(.missingUsageDescription, target, uses)
        #expect(missing.count == 1)
        #expect(
            missing.first?.message.hasPrefix("requestAlwaysAuthorization() needs NSLocationUsageDescription") == true
        )
        #expect(LintRulesTests.run(.alwaysWithoutBackgroundUse, target, uses).isEmpty)
        #expect(LintRulesTests.run(.unusedLocationKey, target, uses).isEmpty)
        target.info["NSLocationUsageDescription"] = DeclaredValue(
            .string(LintRulesTests.good),
            at: SourcePosition(file: LintRulesTests.plist, line: 40, column: 5),
            origin: .infoPlist
        )
        #expect(LintRulesTests.run(.missingUsageDescription, target, uses).isEmpty)
        #expect(LintRulesTests.run(.unusedLocationKey, target, []).map(\.position.line) == [40])
    }

    // MARK: Web views

    @Test("a browser's WKWebView needs the when-in-use key with no Core Location call")
    func webView() async throws {
        let report = try await LintEndToEndTests.lint("Issue15-WebView")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        let target = LintRulesTests.target([
            LintRulesTests.whenInUse: .string(LintRulesTests.good), LintRulesTests.always: .string(LintRulesTests.good),
        ])
        let findings = LintRulesTests.run(.unusedLocationKey, target, [LintRulesTests.use(.webView)])
        // The web page may ask for when-in-use, never for Always.
        #expect(findings.map { $0.message.hasPrefix(LintRulesTests.always) } == [true])
        #expect(
            LintRulesTests.run(.missingUsageDescription, LintRulesTests.target([:]), [LintRulesTests.use(.webView)])
                .isEmpty
        )
    }

    @Test("a web view is found in Swift and Objective-C files alike, at its first mention")
    func webViewPosition() {
        let swift = SourceBytes.webViewPosition("import WebKit\n\nlet view = WKWebView()\n")
        #expect(swift?.line == 3 && swift?.column == 12)
        let objectiveC = SourceBytes.webViewPosition("@property WKWebView *web;")
        #expect(objectiveC?.line == 1 && objectiveC?.column == 11)
        #expect(SourceBytes.webViewPosition("let map = MKMapView()") == nil)
    }

    // MARK: Languages

    @Test("a Chinese-only app left at the en region is not a language mismatch; a localized one is")
    func singleLanguageApps() {
        let key = LintRulesTests.whenInUse
        let chinese = "ChatKit想要获取您位置，方便您在聊天服务中发送位置信息"
        let check = PurposeStringCheck(developmentRegion: "en")
        #expect(check.languageMismatch(in: chinese, localized: [:], key: key) == nil)
        let french: [String: [String: DeclaredValue]] = [
            "fr": [
                key: DeclaredValue(
                    .string("Envoie ta position dans le chat."),
                    at: SourcePosition(file: "x"),
                    origin: .infoPlist
                )
            ]
        ]
        #expect(check.languageMismatch(in: chinese, localized: french, key: key)?.found == "Chinese characters")
        #expect(
            PurposeStringCheck(developmentRegion: "de").languageMismatch(in: chinese, localized: [:], key: key) != nil
        )
    }

    @Test("placeholders of a template, misspelled asking words and Chinese strings that only ask are vague")
    func vagueShapes() {
        let check = PurposeStringCheck(developmentRegion: "en", appNames: ["Quickstart"])
        #expect(
            check.problem(with: "<YOUR APP> needs to access this device's location for <REASON>")?
                .contains("<YOUR APP>") == true
        )
        #expect(check.problem(with: "Your background location usage description goes here.") != nil)
        #expect(check.problem(with: "Location is requred for proper functioning of certain examples.") != nil)
        #expect(check.problem(with: "需要通过定位获取您周边的地理位置信息，是否允许获取你的定位？") != nil)
        #expect(check.problem(with: "ChatKit想要获取您位置，方便您在聊天服务中发送位置信息") == nil)
        #expect(check.problem(with: "Shows stops near you [beta] on the map.") == nil)
        #expect(check.problem(with: "Records your <b>walks</b> in the background.") == nil)
        #expect(PurposeStringCheck.isOneEditAway("requred", "required"))
        #expect(!PurposeStringCheck.isOneEditAway("records", "required"))
    }
}
