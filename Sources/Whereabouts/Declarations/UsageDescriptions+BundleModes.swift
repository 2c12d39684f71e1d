extension UsageDescriptions {
    /// These declarations with the background modes of the app's own Info.plist.
    ///
    /// Core Location checks `UIBackgroundModes` in the app's Info.plist, not the declarations a client was given, and
    /// an app that allows background updates without `location` there is stopped with an exception. So where a client
    /// is given declarations by hand (`LocationClient.live(declarations:)`), the background modes that guard
    /// `allowsBackgroundLocationUpdates` come from the app's bundle all the same; the other declarations stay as given.
    ///
    /// - Parameter infoDictionary: The app's Info.plist (`Bundle.main.infoDictionary`), or `nil` when the process has
    ///   none; then the declarations stay as they are.
    /// - Returns: The declarations, with the Info.plist's background modes (none when it lists none, or lists them as
    ///   something other than strings).
    package func withBackgroundModes(of infoDictionary: [String: Any]?) -> UsageDescriptions {
        guard let infoDictionary else { return self }
        var checked = self
        checked.backgroundModes = infoDictionary[Self.backgroundModesKey] as? [String] ?? []
        return checked
    }
}
