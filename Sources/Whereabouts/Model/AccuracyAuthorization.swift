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
