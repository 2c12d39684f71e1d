import Foundation

extension LocationPermissionModel {
    /// Which permission screen to show now (see ``PermissionScreen``).
    ///
    /// ```swift
    /// if model.screen == .explanation { /* why, then */ await model.requestPermission() }
    /// ```
    public var screen: PermissionScreen {
        PermissionScreen(authorization: authorization, isAwaitingAnswer: isAwaitingAnswer)
    }

    /// The sentence the explanation before the system prompt shows by default: the app's
    /// `NSLocationWhenInUseUsageDescription`, the same purpose the system prompt shows.
    ///
    /// ```swift
    /// let purpose = LocationPermissionModel.purposeString(infoDictionary: Bundle.main.infoDictionary)
    /// ```
    ///
    /// - Parameter infoDictionary: The app's Info.plist as a dictionary (`Bundle.main.infoDictionary`).
    /// - Returns: The description without surrounding white space, or `nil` when it is missing, not a string or
    ///   empty (the app's own text, or a generic one, is shown instead).
    public nonisolated static func purposeString(infoDictionary: [String: Any]?) -> String? {
        guard let text = infoDictionary?[UsageDescriptions.whenInUseKey] as? String else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
