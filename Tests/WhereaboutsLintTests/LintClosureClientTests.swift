import Foundation
import Testing

@testable import WhereaboutsLint

/// A location library written as a struct of closures, linked by apps: a request in one of its closures counts for
/// an app only when the app calls that closure.
@Suite(.timeLimit(.minutes(5)))
struct LintClosureClientTests {
    static func uses(_ source: String) -> [CodeUsage] {
        SourceAnalyzer().usages(inSwift: source, file: "Kit/Live.swift", constants: [:])
    }

    @Test("a use in a closure passed as a labelled argument or assigned to a property knows the closure's name")
    func closureNames() {
        let source = """
            import CoreLocation

            extension Client {
                static var live: Self {
                    let manager = CLLocationManager()
                    var client = Self(
                        requestAlways: { .fireAndForget { manager.requestAlwaysAuthorization() } },
                        set: { properties in
                            if let allows = properties.allows { manager.allowsBackgroundLocationUpdates = allows }
                        }
                    )
                    client.requestWhenInUse = { manager.requestWhenInUseAuthorization() }
                    return client
                }

                func start(manager: CLLocationManager) {
                    DispatchQueue.main.async { manager.startMonitoringSignificantLocationChanges() }
                }
            }
            """
        let names = Self.uses(source).map { $0.closure?.name }
        #expect(names == ["requestAlways", "set", "requestWhenInUse", nil], "\(names)")
    }

    @Test("the linked closures an app calls are its requests; those it never calls, or calls elsewhere, are not")
    func projectShape() async throws {
        let report = try await LintEndToEndTests.lint("Issue15-ClosureClient")
        let compass = report.findings.filter { $0.target == "Compass" }
        #expect(compass.isEmpty, "\(compass.map(\.message))")
        let tracker = report.findings.filter { $0.target == "Tracker" }
        #expect(
            Set(tracker.map(\.ruleID)) == ["missing-usage-description", "background-updates-without-mode"],
            "\(tracker.map(\.message))"
        )
        #expect(tracker.allSatisfy { $0.position.file.hasSuffix("Sources/LocationClient/Live.swift") })
        // Kiosk declares no key, but its own code asks through the client: an error, not a linked-location-code note.
        let kiosk = report.findings.filter { $0.target == "Kiosk" }
        #expect(kiosk.map(\.ruleID) == ["missing-usage-description"], "\(kiosk.map(\.message))")
        #expect(kiosk.first?.message.contains("NSLocationWhenInUseUsageDescription") == true)
    }

    @Test("a closure whose name the project does not declare as a closure property counts, called or not")
    func handlerClosures() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "closure-client-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appending(path: "Kit"), withIntermediateDirectories: true)
        let source = """
            import CoreLocation
            import UIKit

            func askAlways(_ manager: CLLocationManager) -> UIAlertAction {
                UIAlertAction(title: "Allow", style: .default, handler: { _ in manager.requestAlwaysAuthorization() })
            }
            """
        try source.write(to: root.appending(path: "Kit/Live.swift"), atomically: true, encoding: .utf8)
        let uses = Self.uses(source)
        #expect(uses.first?.closure?.name == "handler")
        var target = LintRulesTests.target([:], files: ["App/Screen.swift", "Kit/Live.swift"])
        target.linkedSourceFiles = ["Kit/Live.swift"]
        var mentions = ClosureMemberMentions(root: root)
        #expect(mentions.callableUses(uses, of: target) == uses)
    }

    @Test("a linked closure called as `N?()` counts; an app's own closure property of the same name hides nothing")
    func callForms() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "closure-forms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Kit", "App"] {
            try FileManager.default.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        let live = """
            import CoreLocation

            struct Client {
                var ask: (() -> Void)?
            }

            extension Client {
                static func live(_ manager: CLLocationManager) -> Self {
                    Self(ask: { manager.requestWhenInUseAuthorization() })
                }

                func askIfNeeded() { ask?() }
            }

            func schedule(_ manager: CLLocationManager, on scheduler: Scheduler) {
                scheduler.run(askLater: { manager.requestAlwaysAuthorization() })
            }
            """
        try live.write(to: root.appending(path: "Kit/Live.swift"), atomically: true, encoding: .utf8)
        // The app declares a closure property named like the library's argument label, and never calls it.
        let app = """
            struct Screen {
                var askLater: () -> Void = {}
            }
            """
        try app.write(to: root.appending(path: "App/Screen.swift"), atomically: true, encoding: .utf8)
        let uses = Self.uses(live)
        #expect(uses.map { $0.closure?.name } == ["ask", "askLater"])
        var target = LintRulesTests.target([:], files: ["App/Screen.swift", "Kit/Live.swift"])
        target.linkedSourceFiles = ["Kit/Live.swift"]
        var mentions = ClosureMemberMentions(root: root)
        // `ask?()` in the library's own method calls it; `askLater` is no closure property of the library's.
        let callable = mentions.callableUses(uses, of: target)
        #expect(callable.map { $0.closure?.name } == ["ask", "askLater"], "\(callable)")
    }
}
