// The runnable model behind the stand-ins, not Apple's API: a stand-in `CLLocationManager` acts on this device's
// simulated OS (through a location manager of the simulated OS), and the application stand-ins report its app's
// state and post its lifecycle notifications. Files named StandIn*.swift hold the model; the other files declare
// Apple's interface.
import Foundation
import Synchronization
public import Whereabouts

/// The device that the runnable stand-ins act on: a simulated OS with its app, and where its fixes come from.
///
/// A test makes one and makes it ``current`` before it makes anything that creates a `CLLocationManager`; each
/// manager made then drives a location manager of this OS, delegate callbacks come on the main actor (where the
/// manager was made, as Core Location calls back on the run loop of the thread that made it), and what the OS leaves
/// unanswered stays unanswered. The app's trips (a prompt covering it, the background, its end) are posted as the
/// platform's application notifications, in the order the OS announces them.
@MainActor
public final class StandInDevice {
    /// The simulated OS: its rules decide every request.
    nonisolated public let os: SimulatedOS
    /// Where the device's fixes and headings come from.
    nonisolated public let source: any LocationSource
    /// The app's state as `UIApplication.State` or `WKApplicationState` numbers it: 0 active, 1 inactive,
    /// 2 background.
    public private(set) var applicationStateRawValue: Int
    /// Whether the heading calibration display is on screen: shown when a manager's delegate allowed it for a heading
    /// that needs calibration, until an app dismisses it.
    public internal(set) var headingCalibrationShown = false
    /// The application object of this launch of the app (`UIApplication` or `WKApplication`), made by the
    /// application stand-in on first use: each device is one launch, with an application object of its own.
    public var application: AnyObject?
    /// The location managers made on this device, oldest first (held weakly, as the app owns them).
    private var managers: [WeakManager] = []
    /// A manager kept for the app's sessions when the app holds none of its own.
    private var sessionHostOfItsOwn: SimulatedLocationManager?
    private var activityListener: Task<Void, Never>?

    nonisolated private static let currentDevice = Mutex<StandInDevice?>(nil)

    /// The device the next `CLLocationManager`, `CLServiceSession` or application object acts on.
    nonisolated public static var current: StandInDevice? {
        get { currentDevice.withLock { $0 } }
        set { currentDevice.withLock { $0 = newValue } }
    }

    /// A device with this OS and source; it follows the app's activity from now on.
    ///
    /// - Parameters:
    ///   - os: The simulated OS.
    ///   - source: Where the device's fixes come from.
    public init(os: SimulatedOS, source: any LocationSource) async {
        self.os = os
        self.source = source
        applicationStateRawValue = os.appStateSnapshot.current == .foreground ? 0 : 2
        let activity = await os.applicationActivity()
        activityListener = Task { [weak self] in
            for await change in activity {
                guard let self else { return }
                self.follow(change)
            }
        }
    }

    isolated deinit {
        activityListener?.cancel()
    }

    /// A new location manager of the OS, for a new `CLLocationManager`.
    func makeManager() -> SimulatedLocationManager {
        let manager = SimulatedLocationManager(engine: os, source: source)
        managers.removeAll { $0.manager == nil }
        managers.append(WeakManager(manager: manager))
        return manager
    }

    /// Whether the device has a compass: a Mac has none (its Core Location never delivers a heading), other devices
    /// have one when the source gives headings.
    nonisolated var headingAvailable: Bool {
        #if WHEREABOUTS_STANDIN_MACOS
        false
        #else
        source.providesHeadings
        #endif
    }

    /// Waits until every call made so far on this device's location managers and condition monitors has reached the
    /// OS.
    public func settle() async {
        for manager in managers.compactMap(\.manager) { await manager.settle() }
        await sessionHostOfItsOwn?.settle()
        await StandInMonitorWork.settle()
    }

    /// The manager through which the app's service and background activity sessions reach the OS: the newest one the
    /// app holds, so that a session starts after the calls made before it on that manager.
    var sessionHost: SimulatedLocationManager {
        if let newest = managers.last(where: { $0.manager != nil })?.manager { return newest }
        if let sessionHostOfItsOwn { return sessionHostOfItsOwn }
        let host = SimulatedLocationManager(engine: os, source: source)
        sessionHostOfItsOwn = host
        return host
    }

    /// Follows one change of the app's activity: its state, then the notification an app on the platform gets.
    private func follow(_ change: ApplicationActivity) {
        switch change {
        case .willResignActive, .willEnterForeground: applicationStateRawValue = 1
        case .didBecomeActive: applicationStateRawValue = 0
        case .didEnterBackground, .willTerminate: applicationStateRawValue = 2
        }
        guard let name = Self.notificationName(change) else { return }
        // Posted in order from a queue of their own: Foundation here runs an observer's block on its queue (the main
        // one, for the package's observers) and waits for it, which from the main actor itself would never end.
        Self.posting.async { NotificationCenter.default.post(name: name, object: nil) }
    }

    /// Where the application notifications are posted from, one after another.
    private static let posting = DispatchQueue(label: "StandInDevice.notifications")

    /// The platform's notification for a change of the app's activity (`nil`: the platform posts none): UIKit's on
    /// iOS and visionOS, WatchKit's on watchOS (no termination notice), AppKit's on macOS (a Mac app is not sent to
    /// the background). The names are the notifications' string values, which the application stand-ins declare.
    static func notificationName(_ change: ApplicationActivity) -> Notification.Name? {
        #if WHEREABOUTS_STANDIN_WATCHOS
        let prefix = "WKApplication"
        if change == .willTerminate { return nil }
        #elseif WHEREABOUTS_STANDIN_MACOS
        let prefix = "NSApplication"
        if change == .didEnterBackground || change == .willEnterForeground { return nil }
        #else
        let prefix = "UIApplication"
        #endif
        let event =
            switch change {
            case .willResignActive: "WillResignActive"
            case .didBecomeActive: "DidBecomeActive"
            case .didEnterBackground: "DidEnterBackground"
            case .willEnterForeground: "WillEnterForeground"
            case .willTerminate: "WillTerminate"
            }
        return Notification.Name("\(prefix)\(event)Notification")
    }

    /// The device of a stand-in made now: ``current``, which a test must have set.
    static func required(by what: String) -> StandInDevice {
        guard let device = current else {
            fatalError("\(what) was made with no StandInDevice.current: set one before making it")
        }
        return device
    }
}

/// A location manager held weakly.
@MainActor
private struct WeakManager {
    weak var manager: SimulatedLocationManager?
}
