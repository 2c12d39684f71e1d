/// Whether the app may use location, with Core Location's five cases and raw values.
///
/// Allow Once reads as ``authorizedWhenInUse`` (the app cannot tell them apart), and
/// provisional Always reads as ``authorizedAlways`` until the person is asked for real.
public enum AuthorizationStatus: Int, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The person has not been asked, or an Allow Once grant has ended.
    case notDetermined = 0
    /// Parental controls or device management forbid location; the app can never prompt.
    case restricted = 1
    /// The person said no, or Location Services are off for the whole device.
    case denied = 2
    /// The app may use location at any time, also in the background.
    case authorizedAlways = 3
    /// The app may use location while it is in use.
    case authorizedWhenInUse = 4

    /// Whether the app may receive fixes (either authorized case).
    public var isAuthorized: Bool {
        self == .authorizedAlways || self == .authorizedWhenInUse
    }

    /// The case name, as scenarios and JSON output spell it: `"authorizedWhenInUse"`.
    public var description: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorizedAlways: "authorizedAlways"
        case .authorizedWhenInUse: "authorizedWhenInUse"
        }
    }

    /// Reads a case name as ``description`` writes it.
    ///
    /// - Parameter name: A case name such as `"denied"`.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = match
    }
}

/// How precise the fixes the app receives may be, with Core Location's raw values.
public enum AccuracyAuthorization: Int, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Precise fixes.
    case fullAccuracy = 0
    /// Approximate fixes from the ``Coarsener``: a nearby point, a few times an hour.
    case reducedAccuracy = 1

    /// `"full"` or `"reduced"`, as scenarios spell it.
    public var description: String {
        self == .fullAccuracy ? "full" : "reduced"
    }

    /// Reads `"full"` or `"reduced"`.
    ///
    /// - Parameter name: `"full"` or `"reduced"`.
    public init?(name: String) {
        switch name {
        case "full": self = .fullAccuracy
        case "reduced": self = .reducedAccuracy
        default: return nil
        }
    }
}

/// A snapshot of everything that decides what the app may receive.
///
/// Delivered to every new subscriber of ``LocationClient/authorizationUpdates`` at once,
/// then on every change (as `locationManagerDidChangeAuthorization`).
public struct Authorization: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The authorization status.
    public var status: AuthorizationStatus
    /// The accuracy the app receives.
    public var accuracy: AccuracyAuthorization
    /// Whether full accuracy is a temporary grant that ends when the app stops being in use.
    public var isFullAccuracyTemporary: Bool
    /// Whether Location Services are on for the device. When off, `status` reads `.denied`.
    public var servicesEnabled: Bool

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - status: The authorization status.
    ///   - accuracy: The accuracy the app receives.
    ///   - isFullAccuracyTemporary: Whether full accuracy is temporary.
    ///   - servicesEnabled: Whether Location Services are on.
    public init(
        status: AuthorizationStatus,
        accuracy: AccuracyAuthorization,
        isFullAccuracyTemporary: Bool = false,
        servicesEnabled: Bool = true
    ) {
        self.status = status
        self.accuracy = accuracy
        self.isFullAccuracyTemporary = isFullAccuracyTemporary
        self.servicesEnabled = servicesEnabled
    }

    /// `"authorizedWhenInUse, reduced"`, with `" (temporary)"` and `", services off"` when they hold.
    public var description: String {
        var text = "\(status), \(accuracy)"
        if isFullAccuracyTemporary { text += " (temporary)" }
        if !servicesEnabled { text += ", services off" }
        return text
    }
}
