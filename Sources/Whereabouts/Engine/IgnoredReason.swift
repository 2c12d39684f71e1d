/// Why a request showed no prompt (rule 0: it still completes, and says why).
public enum IgnoredReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// Location Services are off for the device.
    case servicesDisabled
    /// Parental controls or device management forbid location.
    case restricted
    /// A prompt can only be shown while the app is in the foreground.
    case notInForeground
    /// Another prompt is on screen.
    case requestInProgress
    /// The upgrade to Always can be asked once per install, and was.
    case alwaysAlreadyRequested
    /// The grant is Allow Once, which cannot be upgraded to Always.
    case temporaryAuthorization
}
