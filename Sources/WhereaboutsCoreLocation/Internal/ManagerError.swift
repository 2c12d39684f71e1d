import Whereabouts

/// A `CLError`: its code (`CLError.Code.rawValue`) and its description.
struct ManagerError: Error, Hashable, Sendable {
    /// `CLError.Code.rawValue`.
    var code: Int
    /// The error's `localizedDescription`.
    var message: String

    /// `kCLErrorLocationUnknown`: no fix for now; Core Location keeps trying.
    static let locationUnknown = 0
    /// `kCLErrorDenied`: the app is not authorized (or services are off).
    static let denied = 1
    /// `kCLErrorNetwork`.
    static let network = 2
    /// `kCLErrorHeadingFailure`.
    static let headingFailure = 3
    /// `kCLErrorRegionMonitoringDenied`.
    static let regionMonitoringDenied = 4
    /// `kCLErrorRegionMonitoringFailure`.
    static let regionMonitoringFailure = 5
    /// `kCLErrorPromptDeclined`.
    static let promptDeclined = 18
}
