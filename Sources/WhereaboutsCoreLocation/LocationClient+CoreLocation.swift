// The platforms of Internal/CoreLocationManager.swift (iOS, iPadOS, Mac Catalyst, visionOS, macOS, watchOS), in terms
// that scripts/check-apple.sh can switch on with the stand-ins (STANDIN_TVOS and STANDIN_WATCHOS stand for os(tvOS)
// and os(watchOS) there).
#if canImport(CoreLocation) && !(os(tvOS) || STANDIN_TVOS) && (canImport(UIKit) || canImport(AppKit) || os(watchOS) || STANDIN_WATCHOS)
public import Whereabouts
import Foundation
#if os(watchOS) || STANDIN_WATCHOS
import WatchKit
#elseif canImport(UIKit)
import UIKit
#else
import AppKit
#endif

extension LocationClient {
    /// The live client: the platform's real location, on Core Location. iOS decides, and every request still
    /// completes.
    ///
    /// Core Location sends no callback when a request changes nothing: asking again when the status is
    /// decided, asking without the usage description, asking from the background, asking for Always a
    /// second time or after Allow Once, or answering the upgrade prompt "Keep Only While Using". A
    /// wrapper that waits for the callback waits forever. This client answers those requests at once
    /// (or, for the upgrade prompt, when the app becomes active again) with an outcome that says what
    /// happened, throws instead of letting iOS raise an exception for background updates without the
    /// `location` background mode, and never delivers a fix after a revoke. iOS does not tell Allow Once
    /// from Allow While Using App; both are reported as `allowWhileUsing`.
    ///
    /// The `CLLocationManager` is made on the main actor on first use, so the client itself can be made
    /// anywhere, e.g. as a dependency's live value.
    ///
    /// After a background relaunch (for a significant change, a region or a visit) Core Location delivers the event
    /// only to a manager the app has made, and the service and background sessions of the earlier launch are gone.
    /// At launch, first subscribe to `events()`, which makes the manager and subscribes in one step, then (unless
    /// the status is undetermined) start again the services and service sessions that ran before; see "Using Core
    /// Location on Apple platforms" in the documentation.
    ///
    /// Condition monitors (``LocationClient/openMonitor``) are Core Location's `CLMonitor` on iOS, Mac Catalyst and
    /// macOS. Where Core Location would end the app (an empty name, a second monitor of a name that is open) the client
    /// throws instead; on watchOS and visionOS, which have no `CLMonitor`, it throws
    /// ``LocationError/Code/conditionMonitoringUnavailable``.
    ///
    /// ```swift
    /// let client = LocationClient.live()
    /// let outcome = try await client.requestWhenInUseAuthorization()
    /// if outcome.status.isAuthorized {
    ///     for try await update in await client.liveUpdates() { show(update) }
    /// }
    /// ```
    ///
    /// - Parameter declarations: The app's Info.plist keys; `nil` reads them from the main bundle. Given by hand, they
    ///   are used as given except `UIBackgroundModes`, which is read from the main bundle all the same on iOS, watchOS
    ///   and visionOS: Core Location checks the app's own before it lets background updates run.
    /// - Returns: The client.
    public static func live(declarations: UsageDescriptions? = nil) -> LocationClient {
        live(holder: liveHolder(declarations: declarations, infoDictionary: Bundle.main.infoDictionary))
    }

    /// The live client over a holder of the client logic: every endpoint through it, and condition monitors on
    /// Core Location's `CLMonitor`.
    ///
    /// - Parameter holder: The holder, as ``liveHolder(declarations:infoDictionary:)`` makes it.
    /// - Returns: The client.
    package static func live(holder: ManagerClientHolder) -> LocationClient {
        var client = LocationClient.managed(holder)
        client.openMonitor = { name in try await CoreLocationMonitors.open(name) }
        return client
    }

    /// What ``live(declarations:)`` runs on: the client logic over a new `CLLocationManager`, made on first use.
    ///
    /// - Parameters:
    ///   - declarations: The app's Info.plist keys; `nil` reads them from `infoDictionary`.
    ///   - infoDictionary: The app's Info.plist (the main bundle's, on a device).
    /// - Returns: The holder of the client logic.
    package static func liveHolder(
        declarations: UsageDescriptions?,
        infoDictionary: [String: Any]?
    ) -> ManagerClientHolder {
        let read: Result<UsageDescriptions, LocationError> =
            if let declarations {
                // Core Location checks the app's own UIBackgroundModes before it lets background updates run (and
                // stops the app with an exception otherwise): that guard reads the bundle's, whatever was given.
                // macOS has no UIBackgroundModes to read.
                #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
                .success(declarations.withBackgroundModes(of: infoDictionary))
                #else
                .success(declarations)
                #endif
            } else {
                Result { () throws(LocationError) -> UsageDescriptions in
                    try UsageDescriptions(dictionary: infoDictionary ?? [:], file: "Info.plist")
                }
            }
        // Made on first use, not at launch. Apple's startMonitoringSignificantLocationChanges() page says an app
        // relaunched in the background for a location event must still make a location manager and start the service
        // again to get events, and its "Handling location updates in the background" page that service sessions are
        // re-created at once on such a launch. Nothing here outlives a launch, so the app's launch code does that (the
        // doc comment above, and the DocC article): events() makes the manager and subscribes in one main-actor step.
        return ManagerClientHolder {
            let adapter = ManagerClient(
                manager: CoreLocationManager(),
                applicationState: .current,
                declarations: read,
                clock: ContinuousClock(),
                alwaysMemory: .userDefaults
            )
            adapter.observeApplicationActivity()
            return adapter
        }
    }

    /// The live client on Core Location.
    ///
    /// - Parameter declarations: The app's Info.plist keys; `nil` reads them from the main bundle.
    /// - Returns: ``live(declarations:)``.
    @available(*, deprecated, renamed: "live(declarations:)")
    public static func coreLocation(declarations: UsageDescriptions? = nil) -> LocationClient {
        live(declarations: declarations)
    }
}

extension ManagerClient.AlwaysRequestMemory {
    /// Remembers the Always request in `UserDefaults.standard`, which lasts as long as the install.
    static let userDefaults = Self(
        wasRequested: { UserDefaults.standard.bool(forKey: "WhereaboutsAlwaysAuthorizationRequested") },
        recordRequest: { UserDefaults.standard.set(true, forKey: "WhereaboutsAlwaysAuthorizationRequested") }
    )
}

extension ApplicationState {
    /// The app's state now: `UIApplication.shared.applicationState` with UIKit, `WKApplication.shared()`'s on
    /// watchOS; on macOS, where AppKit has no background state to read, active.
    @MainActor
    static var current: ApplicationState {
        #if os(watchOS) || STANDIN_WATCHOS
        switch WKApplication.shared().applicationState {
        case .active: .active
        case .inactive: .inactive
        case .background: .background
        @unknown default: .active
        }
        #elseif canImport(UIKit)
        switch UIApplication.shared.applicationState {
        case .active: .active
        case .inactive: .inactive
        case .background: .background
        @unknown default: .active
        }
        #else
        .active
        #endif
    }
}

extension ManagerClient {
    /// Follows the application's activity: a permission prompt makes the app resign active until it
    /// is answered, which is how the adapter knows an upgrade prompt was shown and dismissed.
    func observeApplicationActivity() {
        #if os(watchOS) || STANDIN_WATCHOS
        let names: [(Notification.Name, @MainActor (ManagerClient) -> Void)] = [
            (WKApplication.willResignActiveNotification, { $0.appWillResignActive() }),
            (WKApplication.didBecomeActiveNotification, { $0.appDidBecomeActive() }),
            (WKApplication.didEnterBackgroundNotification, { $0.appDidEnterBackground() }),
            (WKApplication.willEnterForegroundNotification, { $0.appWillEnterForeground() }),
        ]
        #elseif canImport(UIKit)
        let names: [(Notification.Name, @MainActor (ManagerClient) -> Void)] = [
            (UIApplication.willResignActiveNotification, { $0.appWillResignActive() }),
            (UIApplication.didBecomeActiveNotification, { $0.appDidBecomeActive() }),
            (UIApplication.didEnterBackgroundNotification, { $0.appDidEnterBackground() }),
            (UIApplication.willEnterForegroundNotification, { $0.appWillEnterForeground() }),
            (UIApplication.willTerminateNotification, { $0.appWillTerminate() }),
        ]
        #else
        let names: [(Notification.Name, @MainActor (ManagerClient) -> Void)] = [
            (NSApplication.willResignActiveNotification, { $0.appWillResignActive() }),
            (NSApplication.didBecomeActiveNotification, { $0.appDidBecomeActive() }),
            (NSApplication.willTerminateNotification, { $0.appWillTerminate() }),
        ]
        #endif
        for (name, action) in names {
            let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) {
                [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    action(self)
                }
            }
            observers.append(token)
        }
    }
}
#endif
