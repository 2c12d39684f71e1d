import Foundation
import Testing

@testable import WhereaboutsLint

@Suite(.timeLimit(.minutes(5)))
struct SourceAnalyzerTests {
    private let analyzer = SourceAnalyzer()

    private func uses(_ source: String, constants: [String: String] = [:]) -> [CodeUsage] {
        analyzer.usages(inSwift: source, file: "App/Sources/Map.swift", constants: constants)
    }

    private func kinds(_ source: String, constants: [String: String] = [:]) -> [CodeUsage.Kind] {
        uses(source, constants: constants).map(\.kind)
    }

    private func at(_ line: Int, _ column: Int, _ file: String = "App/Sources/Map.swift") -> SourcePosition {
        SourcePosition(file: file, line: line, column: column)
    }

    /// The purpose keys of the temporary full accuracy requests in a file that imports CoreLocation, as any file
    /// calling them on a receiver of unknown type (`manager`) must.
    private func purposeKeys(_ source: String, constants: [String: String] = [:]) -> [String?] {
        kinds("import CoreLocation\n" + source, constants: constants).compactMap { kind in
            guard case .requestTemporaryFullAccuracy(let key) = kind else { return nil }
            return .some(key)
        }
    }

    private func fixture(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/Sources")
        )
        return try String(contentsOf: url, encoding: .utf8)
    }

    // MARK: Swift kinds and positions

    @Test func everyKindAtTheLineAndColumnOfItsName() {
        let source = """
            import CoreLocation

            func start(manager: CLLocationManager, region: CLRegion) async throws {
                manager.requestWhenInUseAuthorization()
                manager.requestAlwaysAuthorization()
                manager.startMonitoringVisits()
                manager.startMonitoringSignificantLocationChanges()
                manager.startMonitoring(for: region)
                manager.allowsBackgroundLocationUpdates = true
                manager.desiredAccuracy = kCLLocationAccuracyBestForNavigation
                let monitor = await CLMonitor("geofences")
                for try await update in CLLocationUpdate.liveUpdates() { _ = update }
                let session = CLServiceSession(authorization: .always, fullAccuracyPurposeKey: "Nav")
                let background = CLBackgroundActivitySession()
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav") { _ in }
                manager.desiredAccuracy = kCLLocationAccuracyBest
            }
            """
        let expected = [
            CodeUsage(.requestWhenInUse, at: at(4, 13)),
            CodeUsage(.requestAlways, at: at(5, 13)),
            CodeUsage(.startMonitoringVisits, at: at(6, 13)),
            CodeUsage(.startMonitoringSignificantLocationChanges, at: at(7, 13)),
            CodeUsage(.startMonitoringRegion, at: at(8, 13)),
            CodeUsage(.allowsBackgroundLocationUpdates, at: at(9, 13)),
            CodeUsage(.desiresBestAccuracy, at: at(10, 13)),
            CodeUsage(.clMonitor, at: at(11, 25)),
            CodeUsage(.liveUpdates, at: at(12, 46)),
            CodeUsage(.serviceSession(authorization: "always", fullAccuracyPurposeKey: "Nav"), at: at(13, 19)),
            CodeUsage(.backgroundActivitySession, at: at(14, 22)),
            CodeUsage(.requestTemporaryFullAccuracy(purposeKey: "Nav"), at: at(15, 13)),
            CodeUsage(.desiresBestAccuracy, at: at(16, 13)),
        ]
        #expect(uses(source) == expected)
    }

    @Test func callsWithoutAReceiverCountInsideASubclass() {
        let source = """
            final class Manager: CLLocationManager {
                func begin() { requestAlwaysAuthorization(); allowsBackgroundLocationUpdates = true }
            }
            """
        #expect(
            uses(source) == [
                CodeUsage(.requestAlways, at: at(2, 20)), CodeUsage(.allowsBackgroundLocationUpdates, at: at(2, 50)),
            ]
        )
    }

    @Test func usesInNestedBodiesPropertiesAndAccessorsAreFound() {
        let source = """
            struct Tracker {
                func idle() { print("nothing here") }
                let manager: CLLocationManager = {
                    let manager = CLLocationManager()
                    manager.allowsBackgroundLocationUpdates = true
                    return manager
                }()
                var session: CLBackgroundActivitySession { .init() }
                let monitor = CLMonitor("fences")
                func outer() {
                    func inner() { DispatchQueue.main.async { manager.requestAlwaysAuthorization() } }
                }
            }
            """
        #expect(
            uses(source) == [
                CodeUsage(.allowsBackgroundLocationUpdates, at: at(5, 17)),
                CodeUsage(.clMonitor, at: at(9, 19)),
                CodeUsage(.requestAlways, at: at(11, 59)),
            ]
        )
    }

    @Test func initializersSpelledOtherwise() {
        let source = """
            let monitor = await CLMonitor.init("fences")
            let session: CLBackgroundActivitySession = .init()
            let other = CoreLocation.CLServiceSession(authorization: .none)
            let updates = CLLocationUpdate.liveUpdates
            """
        #expect(
            uses(source) == [
                CodeUsage(.clMonitor, at: at(1, 21)),
                CodeUsage(.backgroundActivitySession, at: at(2, 14)),
                CodeUsage(.serviceSession(authorization: nil, fullAccuracyPurposeKey: nil), at: at(3, 26)),
                CodeUsage(.liveUpdates, at: at(4, 32)),
            ]
        )
    }

    @Test func serviceSessionArguments() {
        let source = """
            enum Keys { static let nav = "Nav" }
            _ = CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: Keys.nav)
            _ = CLServiceSession(authorization: .whenInUse)
            _ = CLServiceSession(authorization: CLServiceSession.AuthorizationRequirement.always)
            """
        #expect(
            kinds(source) == [
                .serviceSession(authorization: "whenInUse", fullAccuracyPurposeKey: "Nav"),
                .serviceSession(authorization: "whenInUse", fullAccuracyPurposeKey: nil),
                .serviceSession(authorization: "always", fullAccuracyPurposeKey: nil),
            ]
        )
    }

    // MARK: What is not a use

    @Test func backgroundUpdatesSetToFalseAreNotUses() {
        let source = """
            manager.allowsBackgroundLocationUpdates = false
            if manager.allowsBackgroundLocationUpdates == true { }
            manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
            manager.startMonitoring()
            """
        #expect(uses(source).isEmpty)
    }

    @Test("background updates set from a variable count: it may be true, and then the mode is needed")
    func backgroundUpdatesFromAVariableAreUses() {
        let found = uses("import CoreLocation; manager.allowsBackgroundLocationUpdates = isEnabled\n")
        #expect(found.map(\.kind) == [.allowsBackgroundLocationUpdates])
        #expect(found.first?.position.line == 1)
    }

    @Test func commentsAndStringsAreNotUses() {
        let source = #"""
            // manager.requestWhenInUseAuthorization()
            /* manager.requestAlwaysAuthorization() */
            /// Call `CLMonitor("name")` first.
            let text = "manager.startMonitoringVisits()"
            let block = """
                manager.allowsBackgroundLocationUpdates = true
                """
            let raw = #"CLLocationUpdate.liveUpdates()"#
            """#
        #expect(uses(source).isEmpty)
    }

    @Test func aWrappersDeclarationIsIgnoredButItsCallCounts() {
        let source = """
            protocol LocationManaging {
                func requestWhenInUseAuthorization()
            }
            final class Wrapper: LocationManaging {
                let manager = CLLocationManager()
                func requestWhenInUseAuthorization() {
                    manager.requestWhenInUseAuthorization()
                }
            }
            func ask(_ wrapper: Wrapper) { wrapper.requestWhenInUseAuthorization() }
            """
        // The call on `wrapper` is the app's own method: only the Core Location call inside it counts.
        #expect(uses(source) == [CodeUsage(.requestWhenInUse, at: at(7, 17))])
    }

    // MARK: Purpose keys

    @Test func purposeKeyFromALiteralAndALet() {
        let source = """
            let key = "Nav"
            func go() {
                let local = "Local"
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Literal")
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: key)
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: local)
            }
            """
        #expect(purposeKeys(source) == ["Literal", "Nav", "Local"])
        #expect(analyzer.constants(inSwift: source) == ["key": "Nav"])
    }

    @Test func purposeKeyFromAStaticLetInAnotherFile() {
        let keys = """
            enum PurposeKeys {
                static let navigation = "Nav"
                static var mutable = "No"
            }
            """
        let constants = analyzer.constants(inSwift: keys)
        #expect(constants == ["navigation": "Nav", "PurposeKeys.navigation": "Nav"])
        let source = """
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: PurposeKeys.navigation)
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: PurposeKeys.mutable)
            """
        #expect(purposeKeys(source, constants: constants) == ["Nav", nil])
        #expect(purposeKeys(source) == [nil, nil])
    }

    @Test func purposeKeyFromAnEnumRawValue() {
        let source = """
            enum Purpose: String {
                case nav = "Nav"
                case parking, trip = "Trip"
            }
            struct Screen {
                func go() {
                    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: Purpose.nav.rawValue)
                    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: Purpose.parking.rawValue)
                    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: Purpose.trip.rawValue)
                    let purpose: Purpose = .nav
                    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purpose.rawValue)
                }
            }
            """
        #expect(purposeKeys(source) == ["Nav", "parking", "Trip", nil])
        #expect(analyzer.constants(inSwift: source)["Purpose.parking"] == "parking")
        let dotted = "manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: .nav.rawValue)"
        #expect(purposeKeys(dotted, constants: analyzer.constants(inSwift: source)) == ["Nav"])
    }

    @Test func purposeKeyFromANestedTypeAndSelf() {
        let source = """
            enum Keys {
                enum Purpose {
                    static let nav = "Nav"
                }
            }
            extension Keys.Purpose {
                static let parking = "Parking"
                func ask() {
                    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: Self.parking)
                }
            }
            func ask() { manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: Keys.Purpose.nav) }
            """
        #expect(purposeKeys(source) == ["Parking", "Nav"])
        let constants = analyzer.constants(inSwift: source)
        #expect(constants["Keys.Purpose.nav"] == "Nav")
        #expect(constants["Purpose.nav"] == "Nav")
        #expect(constants["Keys.Purpose.parking"] == "Parking")
    }

    @Test func unresolvablePurposeKeysAreNil() {
        let source = #"""
            func ask(key: String) {
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: key)
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav\(key)")
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: makeKey())
            }
            """#
        #expect(purposeKeys(source) == [nil, nil, nil])
    }

    @Test func analyzeParsesOnceAndResolvesLater() {
        let keys = analyzer.analyze(swift: #"enum K { static let nav = "Nav" }"#, file: "Keys.swift")
        let screen = analyzer.analyze(
            swift: "import CoreLocation; m.requestTemporaryFullAccuracyAuthorization(withPurposeKey: K.nav)",
            file: "Screen.swift"
        )
        #expect(
            screen.usages(constants: keys.constants) == [
                CodeUsage(.requestTemporaryFullAccuracy(purposeKey: "Nav"), at: at(1, 24, "Screen.swift"))
            ]
        )
        #expect(keys.usages(constants: [:]).isEmpty)
    }

    @Test func swiftFixture() throws {
        let source = try fixture("LocationService.swift")
        let found = analyzer.usages(inSwift: source, file: "LocationService.swift", constants: [:])
        #expect(
            found.map(\.kind) == [
                .requestWhenInUse,
                .allowsBackgroundLocationUpdates,
                .requestTemporaryFullAccuracy(purposeKey: "Navigation"),
                .serviceSession(authorization: "whenInUse", fullAccuracyPurposeKey: "parking"),
            ]
        )
        #expect(found.first?.position == SourcePosition(file: "LocationService.swift", line: 19, column: 17))
    }

    // MARK: Objective-C

    @Test func objectiveCMessageSends() {
        let source = """
            static NSString *const kKey = @"Nav";
            #define kParking @"Parking"
            - (void)go {
                [self.manager requestWhenInUseAuthorization];
                [manager requestAlwaysAuthorization];
                [manager startMonitoringVisits];
                [manager startMonitoringSignificantLocationChanges];
                [manager startMonitoringForRegion:region];
                manager.allowsBackgroundLocationUpdates = YES;
                [manager setAllowsBackgroundLocationUpdates:YES];
                manager.desiredAccuracy = kCLLocationAccuracyBestForNavigation;
                [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Literal" completion:nil];
                [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:kKey];
                [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:kParking];
                [manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:key];
                id s = [CLServiceSession sessionRequiringAuthorization:CLServiceSessionAuthorizationRequirementAlways
                                                fullAccuracyPurposeKey:@"Nav"];
                id b = [CLBackgroundActivitySession backgroundActivitySession];
            }
            @import CoreLocation;
            """
        let found = analyzer.usages(inObjectiveC: source, file: "Tracker.m")
        #expect(
            found.map(\.kind) == [
                .requestWhenInUse, .requestAlways, .startMonitoringVisits, .startMonitoringSignificantLocationChanges,
                .startMonitoringRegion, .allowsBackgroundLocationUpdates, .allowsBackgroundLocationUpdates,
                .desiresBestAccuracy,
                .requestTemporaryFullAccuracy(purposeKey: "Literal"),
                .requestTemporaryFullAccuracy(purposeKey: "Nav"),
                .requestTemporaryFullAccuracy(purposeKey: "Parking"),
                .requestTemporaryFullAccuracy(purposeKey: nil),
                .serviceSession(authorization: "always", fullAccuracyPurposeKey: "Nav"),
                .backgroundActivitySession,
            ]
        )
        #expect(found.first?.position == SourcePosition(file: "Tracker.m", line: 4, column: 19))
        #expect(found.last?.position == SourcePosition(file: "Tracker.m", line: 18, column: 13))
    }

    @Test func objectiveCIgnoresDeclarationsCommentsStringsAndFalse() {
        let source = """
            - (void)requestWhenInUseAuthorization;
            - (void)startMonitoringForRegion:(CLRegion *)region { }
            // [manager requestAlwaysAuthorization];
            /* [manager startMonitoringVisits]; */
            NSLog(@"[manager requestAlwaysAuthorization]");
            SEL s = @selector(requestWhenInUseAuthorization);
            [self performSelector:@selector(startMonitoringForRegion:) withObject:r];
            manager.allowsBackgroundLocationUpdates = NO;
            if (manager.allowsBackgroundLocationUpdates == YES) { }
            CLBackgroundActivitySession *session = nil;
            """
        #expect(analyzer.usages(inObjectiveC: source, file: "A.m").isEmpty)
    }

    @Test func objectiveCFixture() throws {
        let found = analyzer.usages(inObjectiveC: try fixture("Tracker.m"), file: "Tracker.m")
        #expect(
            found.map(\.kind) == [
                .requestWhenInUse, .allowsBackgroundLocationUpdates,
                .requestTemporaryFullAccuracy(purposeKey: "Navigation"), .startMonitoringSignificantLocationChanges,
            ]
        )
        #expect(found.first?.position == SourcePosition(file: "Tracker.m", line: 10, column: 19))
    }

    // MARK: Robustness

    @Test func malformedSwiftReturnsWhatItCan() {
        let source = """
            import CoreLocation
            }}}} func ((( let = = "unterminated
            manager.requestAlwaysAuthorization()
            func f() { manager.startMonitoringVisits(
            """
        #expect(kinds(source).contains(.requestAlways))
        #expect(kinds(source).contains(.startMonitoringVisits))
        #expect(analyzer.constants(inSwift: source).isEmpty)
    }

    @Test(arguments: [
        "", "\"", "[[[[", "/*", "@\"", "'", "\\", "\u{0}\u{FFFF}", "enum", "case = \"\" enum : String {",
        "[m requestTemporaryFullAccuracyAuthorizationWithPurposeKey:", "x.allowsBackgroundLocationUpdates =",
        "CLServiceSession(authorization:", "m.requestTemporaryFullAccuracyAuthorization(withPurposeKey: ",
        "[CLServiceSession sessionRequiringAuthorization:", "define k @", String(repeating: "(", count: 5_000),
    ])
    func garbageNeverCrashes(_ source: String) {
        _ = analyzer.constants(inSwift: source)
        _ = analyzer.usages(inSwift: source, file: "G.swift", constants: ["k": "v"])
        _ = analyzer.usages(inObjectiveC: source, file: "G.m")
    }

    @Test func randomTokenSoupNeverCrashes() {
        let pieces = [
            "manager.", "requestWhenInUseAuthorization", "(", ")", "[", "]", "{", "}", "\"", "@\"", "/*", "*/", "//",
            "\n", " = ", "true", "YES", ":", "withPurposeKey:", "CLServiceSession", "enum E: String {", "case a",
            "static let k = \"v\"", "CLLocationUpdate.liveUpdates", ".init(", "'", "\\", "#\"", "\"\"\"", "é",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200 {
            var source = ""
            for _ in 0..<40 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                source += pieces[Int(state >> 33) % pieces.count]
            }
            let constants = analyzer.constants(inSwift: source)
            let found = analyzer.usages(inSwift: source, file: "R.swift", constants: constants)
            #expect(found.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 })
            let objectiveC = analyzer.usages(inObjectiveC: source, file: "R.m")
            #expect(objectiveC.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 })
        }
    }
}
