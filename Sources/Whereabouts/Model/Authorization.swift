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
