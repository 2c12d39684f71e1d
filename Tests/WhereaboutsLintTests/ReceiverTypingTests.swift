import Foundation
import Testing

@testable import WhereaboutsLint

/// A Core Location method name counts as a use only when the receiver is, or may be, a `CLLocationManager`.
@Suite(.timeLimit(.minutes(5)))
struct ReceiverTypingTests {
    private let analyzer = SourceAnalyzer()

    private func kinds(_ source: String) -> [CodeUsage.Kind] {
        analyzer.usages(inSwift: source, file: "App/Tracker.swift", constants: [:]).map(\.kind)
    }

    @Test(
        "a CLLocationManager held every way apps hold one is a receiver",
        arguments: [
            "let manager = CLLocationManager()\nfunc go() { manager.requestAlwaysAuthorization() }",
            "var manager: CLLocationManager?\nfunc go() { manager?.requestAlwaysAuthorization() }",
            "var manager: CLLocationManager!\nfunc go() { self.manager.requestAlwaysAuthorization() }",
            "lazy var manager: CLLocationManager = { CLLocationManager() }()\n"
                + "func go() { manager.requestAlwaysAuthorization() }",
            "func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {\n"
                + "    manager.requestAlwaysAuthorization()\n}",
            "var manager: CLLocationManager?\nfunc go() { if let m = self.manager { m.requestAlwaysAuthorization() } }",
            "func go() { let m = CLLocationManager(); m.requestAlwaysAuthorization() }",
            "func go() { CLLocationManager().requestAlwaysAuthorization() }",
            "let manager = CoreLocation.CLLocationManager()\nfunc go() { manager.requestAlwaysAuthorization() }",
        ]
    )
    func knownLocationManager(_ body: String) {
        // No `import CoreLocation`: the declared type alone decides.
        let source = "final class Tracker {\n\(body)\n}"
        #expect(kinds(source) == [.requestAlways], "\(source)")
    }

    @Test("an app's own type with a method of Core Location's name is never a receiver, imports or not")
    func appOwnType() {
        let source = """
            import CoreLocation

            final class LocationService {
                static let shared = LocationService()
                func startMonitoringSignificantLocationChanges() {}
                func requestAlwaysAuthorization() {}
            }

            final class Screen {
                let service = LocationService()
                let tracker: RunTracker? = nil

                func appear() {
                    service.startMonitoringSignificantLocationChanges()
                    LocationService.shared.requestAlwaysAuthorization()
                    LocationService().requestAlwaysAuthorization()
                    tracker?.startMonitoringVisits()
                }
            }
            """
        #expect(kinds(source) == [])
    }

    @Test("self in a CLLocationManager subclass, and a protocol CLLocationManager conforms to, are receivers")
    func subclassesAndProtocols() {
        let subclass = """
            final class Tracker: CLLocationManager {
                func go() { requestAlwaysAuthorization(); self.startMonitoringVisits() }
            }
            """
        #expect(kinds(subclass) == [.requestAlways, .startMonitoringVisits])
        let conformance = """
            protocol LocationManaging { func requestWhenInUseAuthorization() }
            extension CLLocationManager: LocationManaging {}
            final class Screen {
                let manager: any LocationManaging = CLLocationManager()
                func go() { manager.requestWhenInUseAuthorization() }
            }
            """
        #expect(kinds(conformance) == [.requestWhenInUse])
    }

    @Test(
        "a receiver of unknown type counts only where CoreLocation (or MapKit, which re-exports it) is imported",
        arguments: [("import CoreLocation", true), ("import MapKit", true), ("import UIKit", false), ("", false)]
    )
    func unknownReceiver(_ imports: String, counts: Bool) {
        let source = "\(imports)\nfunc go(app: AppModel) { app.locationManager.requestWhenInUseAuthorization() }"
        #expect(kinds(source) == (counts ? [.requestWhenInUse] : []), "\(imports)")
    }

    @Test("an unknown receiver does not count when the app declares a method with that selector itself")
    func unknownReceiverWithAppSelector() {
        let source = """
            import CoreLocation
            final class Wrapper { func startMonitoringVisits() {} }
            func go() { Globals.thing.startMonitoringVisits() }
            """
        #expect(kinds(source) == [])
    }

    @Test(
        "only the full selector counts: labels and argument counts must match",
        arguments: [
            "manager.startMonitoring(region)", "manager.startMonitoring(for: region, radius: 5)",
            "manager.requestAlwaysAuthorization(animated: true)", "manager.startMonitoringVisits { }",
            "manager.requestTemporaryFullAccuracyAuthorization(purpose: \"Nav\")",
        ]
    )
    func fullSelector(_ call: String) {
        let source = "import CoreLocation\nlet manager = CLLocationManager()\nfunc go() { \(call) }"
        #expect(kinds(source) == [], "\(call)")
    }

    @Test("a property declared in one file types the receiver in another that does not import CoreLocation")
    func acrossFiles() {
        let declaring = """
            import CoreLocation
            final class AppModel { let locationManager = CLLocationManager() }
            """
        let using = """
            extension AppModel {
                func start() { locationManager.requestAlwaysAuthorization() }
            }
            """
        let first = analyzer.analyze(swift: declaring, file: "A.swift")
        let second = analyzer.analyze(swift: using, file: "B.swift")
        var facts = first.facts
        facts.merge(second.facts)
        let context = ReceiverContext(facts)
        #expect(second.usages(constants: [:], receivers: context).map(\.kind) == [.requestAlways])
        // Alone, the second file knows nothing about `locationManager` and does not import CoreLocation.
        #expect(second.usages(constants: [:]).isEmpty)
    }

    @Test("assignments follow the receiver too")
    func assignments() {
        let source = """
            import CoreLocation
            struct Settings { var allowsBackgroundLocationUpdates = false }
            final class Screen {
                var settings = Settings()
                let manager = CLLocationManager()
                func go() {
                    settings.allowsBackgroundLocationUpdates = true
                    manager.allowsBackgroundLocationUpdates = true
                }
            }
            """
        #expect(kinds(source) == [.allowsBackgroundLocationUpdates])
    }

    // MARK: Objective-C

    private func objectiveC(_ source: String) -> [CodeUsage.Kind] {
        analyzer.usages(inObjectiveC: source, file: "App/Tracker.m").map(\.kind)
    }

    @Test("Objective-C: a CLLocationManager property, ivar, local or parameter is a receiver")
    func objectiveCKnown() {
        let source = """
            #import "Tracker.h"
            @interface Tracker ()
            @property (nonatomic, strong) CLLocationManager *locationManager;
            @end
            @implementation Tracker
            - (void)start {
                [self.locationManager requestAlwaysAuthorization];
                [_locationManager startMonitoringVisits];
                [[self locationManager] startMonitoringSignificantLocationChanges];
            }
            - (void)locationManager:(CLLocationManager *)manager didChangeAuthorizationStatus:(int)status {
                [manager requestWhenInUseAuthorization];
            }
            @end
            """
        #expect(
            objectiveC(source) == [
                .requestAlways, .startMonitoringVisits, .startMonitoringSignificantLocationChanges, .requestWhenInUse,
            ]
        )
    }

    @Test("Objective-C: the app's own class with a method of Core Location's name is not a receiver")
    func objectiveCOwnClass() {
        let source = """
            #import <CoreLocation/CoreLocation.h>
            #import "LocationService.h"
            @implementation LocationService
            - (void)requestAlwaysAuthorization {
                [self.manager requestWhenInUseAuthorization];
            }
            @end
            @implementation Screen {
                LocationService *service;
            }
            - (void)appear {
                [service requestAlwaysAuthorization];
                [self requestAlwaysAuthorization];
            }
            @end
            """
        // `self.manager` is of unknown type in a file that imports CoreLocation: it may be one, so it counts, even
        // inside the app's own method of the same name (a wrapper calling the real one).
        #expect(objectiveC(source) == [.requestWhenInUse])
    }

    @Test("Objective-C: an unknown receiver counts only where Core Location is imported or named")
    func objectiveCUnknown() {
        #expect(objectiveC("- (void)go { [thing requestWhenInUseAuthorization]; }") == [])
        #expect(
            objectiveC("@import CoreLocation;\n- (void)go { [thing requestWhenInUseAuthorization]; }")
                == [.requestWhenInUse]
        )
    }

    @Test("Objective-C: background updates set to TRUE count, as YES and true do")
    func objectiveCTrueMacro() {
        let source = "@import CoreLocation;\n- (void)go { self.manager.allowsBackgroundLocationUpdates = TRUE; }"
        #expect(objectiveC(source) == [.allowsBackgroundLocationUpdates])
    }

    // MARK: The real-world shape

    @Test("an app whose LocationService mirrors Core Location's method names gets no finding for them")
    func ownLocationServiceProject() async throws {
        let report = try await LintEndToEndTests.lint("Lint-OwnLocationService")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.targetCount == 1)
    }
}
