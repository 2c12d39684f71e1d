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
