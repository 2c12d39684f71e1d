/// A `CLError`: its code (`CLError.Code.rawValue`) and its description.
package struct ManagerError: Error, Hashable, Sendable {
    /// `CLError.Code.rawValue`.
    package var code: Int
    /// The error's `localizedDescription`.
    package var message: String

    /// `kCLErrorLocationUnknown`: no fix for now; Core Location keeps trying.
    package static let locationUnknown = 0
    /// `kCLErrorDenied`: the app is not authorized (or services are off).
    package static let denied = 1
    /// `kCLErrorNetwork`.
    package static let network = 2
    /// `kCLErrorHeadingFailure`.
    package static let headingFailure = 3
    /// `kCLErrorRegionMonitoringDenied`.
    package static let regionMonitoringDenied = 4
    /// `kCLErrorRegionMonitoringFailure`.
    package static let regionMonitoringFailure = 5
    /// `kCLErrorPromptDeclined`.
    package static let promptDeclined = 18

    /// Creates an error from its code and description.
    ///
    /// - Parameters:
    ///   - code: `CLError.Code.rawValue`.
    ///   - message: The error's description.
    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}
