public import Foundation
public import Whereabouts

/// A script that drives the engine the way a person and an app would, with expectations.
///
/// The JSON format is a public contract (`whereabouts simulate --scenario FILE` runs it):
///
/// ```json
/// { "appID": "com.example.demo",
///   "platform": "ios",
///   "info": { "NSLocationWhenInUseUsageDescription": "Shows where you are." },
///   "device": { "servicesEnabled": true, "restricted": false },
///   "steps": [
///     {"do": "requestWhenInUse"},
///     {"person": "allowWhileUsing", "precise": false},
///     {"expect": {"status": "authorizedWhenInUse", "accuracy": "reduced", "prompt": "none"}},
///     {"fix": {"lat": 48.8584, "lon": 2.2945, "accuracy": 5}},
///     {"expect": {"delivered": 1, "lastFixPrecise": false}}
///   ] }
/// ```
///
/// The app of a scenario listens for live updates from launch, as an app showing a map does,
/// so a `fix` reaches it whenever the rules allow; `stopUpdates` stops listening and
/// `startUpdates` starts again (and ends a pause). `set` changes the location manager's settings,
/// `startSignificantChanges`, `startMonitoringVisits` and `startServiceSession` start the other
/// services, and `expect` also checks `lastLocation`, `monitoredRegions` and `paused`. The optional `"platform"`
/// picks the Apple platform whose rules apply (``Platform``; iOS when absent). Load a
/// scenario with ``init(data:file:)`` and run it with ``ScenarioRunner``.
public struct Scenario: Sendable {
    /// What the app does (`do`).
    public enum Action: Hashable, Sendable, CustomStringConvertible {
        /// `requestWhenInUse`.
        case requestWhenInUse
        /// `requestAlways`.
        case requestAlways
        /// `requestTemporaryFullAccuracy` with `"purposeKey"`.
        case requestTemporaryFullAccuracy(purposeKey: String)
        /// `requestLocation`.
        case requestLocation
        /// `startUpdates`.
        case startUpdates
        /// `stopUpdates`.
        case stopUpdates
        /// `allowBackgroundUpdates`.
        case allowBackgroundUpdates
        /// `startBackgroundSession`.
        case startBackgroundSession
        /// `stopBackgroundSession`.
        case stopBackgroundSession
        /// `startMonitoringRegion` with `"lat"`, `"lon"`, `"radius"` and an optional `"id"` (or `"identifier"`;
        /// `"region"` when neither is given).
        case startMonitoringRegion(Region)
        /// `set` with any of `"desiredAccuracy"`, `"distanceFilter"`, `"activityType"`, `"pausesAutomatically"`,
        /// `"showsBackgroundIndicator"`, `"headingFilter"`: changes the location manager's settings.
        case set(LocationProperties.Change)
        /// `startSignificantChanges`: starts significant-change monitoring.
        case startSignificantChanges
        /// `stopSignificantChanges`: stops significant-change monitoring.
        case stopSignificantChanges
        /// `startMonitoringVisits`: starts visit monitoring.
        case startMonitoringVisits
        /// `stopMonitoringVisits`: stops visit monitoring.
        case stopMonitoringVisits
        /// `stopMonitoringRegion` with an optional `"id"` (`"region"` when not given).
        case stopMonitoringRegion(id: String)
        /// `startServiceSession` with `"authorization"` and an optional `"fullAccuracyPurposeKey"`.
        case startServiceSession(ServiceSession.AuthorizationRequirement, fullAccuracyPurposeKey: String?)
        /// `stopServiceSession`: ends every service session the scenario started.
        case stopServiceSession
        /// `openMonitor` with an optional `"monitor"` name (`"monitor"` when not given): opens the condition monitor
        /// of that name, as `CLMonitor(_:)`; its events are collected from then on.
        case openMonitor(name: String)
        /// `closeMonitor` with an optional `"monitor"`: closes it; its conditions stay with the system.
        case closeMonitor(name: String)
        /// `addCondition`: adds a circle (`"lat"`, `"lon"`, `"radius"`) or a beacon identity (`"uuid"`, optional
        /// `"major"`, `"minor"`) under `"id"` to an open monitor, with an optional `"assuming"` state.
        case addCondition(monitor: String, id: String, condition: MonitorCondition, assuming: MonitorConditionState)
        /// `removeCondition`: removes the condition `"id"` from an open monitor.
        case removeCondition(monitor: String, id: String)
        /// `startGeofences` with `"fences"` (each `{"id", "lat", "lon", "radius"}`): starts a ``GeofenceMonitor``
        /// over them; its events are collected from then on.
        case startGeofences([Geofence])
        /// `stopGeofences`: stops the geofence monitor and removes its conditions.
        case stopGeofences

        /// The action as the scenario names it, with its arguments.
        public var description: String {
            switch self {
            case .requestWhenInUse: "requestWhenInUse"
            case .requestAlways: "requestAlways"
            case .requestTemporaryFullAccuracy(let key): "requestTemporaryFullAccuracy \(key)"
            case .requestLocation: "requestLocation"
            case .startUpdates: "startUpdates"
            case .stopUpdates: "stopUpdates"
            case .allowBackgroundUpdates: "allowBackgroundUpdates"
            case .startBackgroundSession: "startBackgroundSession"
            case .stopBackgroundSession: "stopBackgroundSession"
            case .startMonitoringRegion(let region):
                "startMonitoringRegion \(region.center) r=\(String(format: "%.0f", region.radius)) m"
            case .set(let change): "set " + Self.describe(change)
            case .startSignificantChanges: "startSignificantChanges"
            case .stopSignificantChanges: "stopSignificantChanges"
            case .startMonitoringVisits: "startMonitoringVisits"
            case .stopMonitoringVisits: "stopMonitoringVisits"
            case .stopMonitoringRegion(let id): "stopMonitoringRegion \(id)"
            case .startServiceSession(let authorization, let key):
                "startServiceSession \(authorization)" + (key.map { " fullAccuracyPurposeKey \($0)" } ?? "")
            case .stopServiceSession: "stopServiceSession"
            case .openMonitor(let name): "openMonitor \(name)"
            case .closeMonitor(let name): "closeMonitor \(name)"
            case .addCondition(let monitor, let id, let condition, let assumed):
                "addCondition \(id) to \(monitor): \(Self.describe(condition)), assuming \(assumed)"
            case .removeCondition(let monitor, let id): "removeCondition \(id) from \(monitor)"
            case .startGeofences(let fences): "startGeofences (\(fences.count) fence\(fences.count == 1 ? "" : "s"))"
            case .stopGeofences: "stopGeofences"
            }
        }

        /// A condition as an `addCondition` step spells it: `circle 48.858400, 2.294500 r=150 m` or
        /// `beacon UUID major 1 minor 2`.
        static func describe(_ condition: MonitorCondition) -> String {
            switch condition {
            case .circularGeographic(let center, let radius):
                "circle \(center) r=\(String(format: "%g", radius)) m"
            case .beaconIdentity(let uuid, let major, let minor):
                "beacon \(uuid.uuidString)" + (major.map { " major \($0)" } ?? "")
                    + (minor.map { " minor \($0)" } ?? "")
            }
        }

        /// A change as a `set` step spells it: `desiredAccuracy reduced, distanceFilter 100 m`.
        static func describe(_ change: LocationProperties.Change) -> String {
            func format(_ value: Double) -> String { String(format: "%g", value) }
            let distance: String? = change.distanceFilter.map {
                switch $0 {
                case .noFilter: "distanceFilter none"
                case .meters(let metres): "distanceFilter \(format(metres)) m"
                }
            }
            let heading: String? = change.headingFilter.map {
                switch $0 {
                case .noFilter: "headingFilter none"
                case .degrees(let degrees): "headingFilter \(format(degrees))°"
                }
            }
            return [
                change.desiredAccuracy.map { "desiredAccuracy \($0)" },
                distance,
                change.activityType.map { "activityType \($0)" },
                change.pausesLocationUpdatesAutomatically.map { "pausesAutomatically \($0)" },
                change.showsBackgroundLocationIndicator.map { "showsBackgroundIndicator \($0)" },
                heading,
            ].compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// What the person answers to the prompt on screen (`person`).
    public enum Answer: String, Hashable, Sendable, CaseIterable {
        /// Allow Once.
        case allowOnce
        /// Allow While Using App.
        case allowWhileUsing
        /// Don't Allow.
        case dontAllow
        /// Change to Always Allow.
        case changeToAlways
        /// Keep Only While Using.
        case keepWhileUsing
        /// Allow precise (temporary full accuracy).
        case allowPrecise
        /// Don't allow precise (temporary full accuracy).
        case dontAllowPrecise
        /// Not an answer: the person taps the app's Location Button (the first tap of the install shows the
        /// `locationButton` prompt; a later one grants When In Use for this use of the app without asking).
        case tapLocationButton
        /// Allow, on the Location Button prompt.
        case allowLocationButton
        /// Don't Allow, on the Location Button prompt.
        case dontAllowLocationButton
    }

    /// What the person changes in Settings (`settings`); `nil` leaves a value as it is.
    public struct SettingsChange: Hashable, Sendable {
        /// The app's authorization setting.
        public var status: AuthorizationStatus?
        /// The app's Precise Location switch.
        public var precise: Bool?
        /// Location Services for the device.
        public var servicesEnabled: Bool?
        /// Parental controls (an extension to the contract's keys).
        public var restricted: Bool?

        /// Creates a change; `nil` leaves a value as it is.
        ///
        /// - Parameters:
        ///   - status: The app's authorization setting.
        ///   - precise: The Precise Location switch.
        ///   - servicesEnabled: Location Services.
        ///   - restricted: Parental controls.
        public init(
            status: AuthorizationStatus? = nil,
            precise: Bool? = nil,
            servicesEnabled: Bool? = nil,
            restricted: Bool? = nil
        ) {
            self.status = status
            self.precise = precise
            self.servicesEnabled = servicesEnabled
            self.restricted = restricted
        }
    }

    /// What must hold after the step before it (`expect`); `nil` is not checked.
    public struct Expectation: Hashable, Sendable {
        /// The authorization status.
        public var status: AuthorizationStatus?
        /// The accuracy.
        public var accuracy: AccuracyAuthorization?
        /// The prompt on screen, or `"none"`.
        public var prompt: String?
        /// What the last completed request returned: a status name, `full`/`reduced`, `location`,
        /// or an error id.
        public var result: String?
        /// How many fixes the app received so far.
        public var delivered: Int?
        /// Whether the last fix the app received was precise.
        public var lastFixPrecise: Bool?
        /// Diagnostics that must be present, for live updates or for a service session the scenario holds.
        public var diagnostics: [Diagnostic]?
        /// The last location the app received, as the engine's `location()` reports it now.
        public var lastLocation: LastLocation?
        /// How many regions the app monitors.
        public var monitoredRegions: Int?
        /// Whether location updates are paused (the engine's `isPaused`).
        public var paused: Bool?
        /// Where the app is in its life: `notRunning`, `foreground` or `background`.
        public var appState: AppState?
        /// Why the system launched the app in the background (a ``LaunchReason`` name), or `"none"`.
        public var launchReason: String?
        /// What became of the event that launched the app: `none`, `waiting` (for a location manager), `delivered`
        /// or `lost`.
        public var launchEvent: String?
        /// Each condition's state in its monitor's record now (`"conditionStates": {"office": "satisfied"}`).
        public var conditionStates: [String: MonitorConditionState]?
        /// How many condition-monitor events the app received so far, from every monitor it opened.
        public var monitorEvents: Int?
        /// The last condition-monitor event the app received: its condition, state and flags (exactly these).
        public var lastMonitorEvent: MonitorEventExpectation?
        /// The geofence events the app received so far, in order, each `"entered ID"` or `"exited ID"`.
        public var geofenceEvents: [String]?

        /// What `expect` `"lastMonitorEvent"` requires: `{"id": "office", "state": "satisfied", "flags": []}`; a key
        /// left out is not checked.
        public struct MonitorEventExpectation: Hashable, Sendable, CustomStringConvertible {
            /// The condition's identifier.
            public var id: String?
            /// The state.
            public var state: MonitorConditionState?
            /// The flags, exactly.
            public var flags: Set<MonitorEvent.Flag>?

            /// Creates an expectation of an event; `nil` is not checked.
            ///
            /// - Parameters:
            ///   - id: The condition's identifier.
            ///   - state: The state.
            ///   - flags: The flags, exactly.
            public init(id: String? = nil, state: MonitorConditionState? = nil, flags: Set<MonitorEvent.Flag>? = nil) {
                self.id = id
                self.state = state
                self.flags = flags
            }

            /// `office satisfied [accuracyLimited]`, with what is checked.
            public var description: String {
                [id, state?.rawValue, flags.map { "[" + $0.sorted().map(\.rawValue).joined(separator: ", ") + "]" }]
                    .compactMap { $0 }.joined(separator: " ")
            }
        }

        /// What `expect` `"lastLocation"` requires.
        public enum LastLocation: Hashable, Sendable, CustomStringConvertible {
            /// `"none"`: the engine reports no last location.
            case noLocation
            /// `{"lat": …, "lon": …}`: the last location is within 1e-6 degrees of this coordinate.
            case coordinate(Coordinate)

            /// `none`, or the coordinate.
            public var description: String {
                switch self {
                case .noLocation: "none"
                case .coordinate(let coordinate):
                    String(format: "%.6f, %.6f", coordinate.latitude, coordinate.longitude)
                }
            }
        }

        /// Creates an expectation; `nil` values are not checked.
        ///
        /// - Parameters:
        ///   - status: The authorization status.
        ///   - accuracy: The accuracy.
        ///   - prompt: The prompt kind's name, or `"none"`.
        ///   - result: What the last completed request returned.
        ///   - delivered: How many fixes the app received.
        ///   - lastFixPrecise: Whether the last fix was precise.
        ///   - diagnostics: Diagnostics that must be present.
        ///   - lastLocation: The last location the app received, or ``LastLocation/noLocation``.
        ///   - monitoredRegions: How many regions the app monitors.
        ///   - paused: Whether location updates are paused.
        ///   - appState: Where the app is in its life.
        ///   - launchReason: Why the system launched the app in the background, or `"none"`.
        ///   - launchEvent: What became of the event that launched the app.
        public init(
            status: AuthorizationStatus? = nil,
            accuracy: AccuracyAuthorization? = nil,
            prompt: String? = nil,
            result: String? = nil,
            delivered: Int? = nil,
            lastFixPrecise: Bool? = nil,
            diagnostics: [Diagnostic]? = nil,
            lastLocation: LastLocation? = nil,
            monitoredRegions: Int? = nil,
            paused: Bool? = nil,
            appState: AppState? = nil,
            launchReason: String? = nil,
            launchEvent: String? = nil
        ) {
            self.appState = appState
            self.launchReason = launchReason
            self.launchEvent = launchEvent
            self.status = status
            self.accuracy = accuracy
            self.prompt = prompt
            self.result = result
            self.delivered = delivered
            self.lastFixPrecise = lastFixPrecise
            self.diagnostics = diagnostics
            self.lastLocation = lastLocation
            self.monitoredRegions = monitoredRegions
            self.paused = paused
        }
    }

    /// One step.
    public enum Step: Hashable, Sendable {
        /// The app does something.
        case `do`(Action)
        /// The person answers the prompt on screen; `precise` is the switch for the first prompt.
        case person(Answer, precise: Bool?)
        /// The app's life changes.
        case app(LifecycleEvent)
        /// The system launches the terminated app in the background for a reason (`{"app": "launchInBackground",
        /// "reason": "regionExit"}`), as it does when the reason's event arrives; the `do` steps after it are what
        /// the app does at launch, and the first of them makes its location manager.
        case launchInBackground(LaunchReason)
        /// The person changes Settings.
        case settings(SettingsChange)
        /// A raw fix from the source.
        case fix(Location)
        /// Time passes on the test clock.
        case wait(Duration)
        /// Checks.
        case expect(Expectation)
    }

    /// The app's identifier.
    public var appID: String
    /// The app's Info.plist declarations.
    public var info: UsageDescriptions
    /// The device's settings at the start.
    public var device: DeviceSettings
    /// The steps, in order.
    public var steps: [Step]
    /// The Apple platform whose rules the simulated OS follows (`"platform"`: `ios`, the default, `macos`, `watchos`,
    /// `visionos` or `tvos`).
    public var platform: Platform

    /// Creates a scenario in code.
    ///
    /// - Parameters:
    ///   - appID: The app's identifier.
    ///   - info: The app's declarations.
    ///   - device: The device's settings at the start.
    ///   - steps: The steps.
    ///   - platform: The Apple platform whose rules apply (iOS by default).
    public init(
        appID: String,
        info: UsageDescriptions,
        device: DeviceSettings = DeviceSettings(),
        steps: [Step],
        platform: Platform = .iOS
    ) {
        self.appID = appID
        self.info = info
        self.device = device
        self.steps = steps
        self.platform = platform
    }

    /// The start of the scenario's time: fix timestamps are this plus the test clock's time.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
}

/// A scenario file that cannot be run: it names the file, the step and what is wrong.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or `"<scenario>"`).
    public var file: String
    /// The 1-based step, when the problem is in one.
    public var step: Int?
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - step: The 1-based step.
    ///   - message: What is wrong.
    public init(file: String, step: Int? = nil, message: String) {
        self.file = file
        self.step = step
        self.message = message
    }

    /// `"demo.json: step 3: …"`.
    public var description: String {
        if let step { return "\(file): step \(step): \(message)" }
        return "\(file): \(message)"
    }
}
