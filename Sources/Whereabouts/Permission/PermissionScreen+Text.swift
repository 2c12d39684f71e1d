extension PermissionScreen {
    /// The screen's title, or `nil` for ``hidden``.
    ///
    /// ```swift
    /// PermissionScreen.servicesOff.title?.defaultValue  // "Location Services Are Off"
    /// ```
    public var title: PermissionText? {
        switch self {
        case .hidden: nil
        case .explanation: .explanationTitle
        case .denied: .deniedTitle
        case .servicesOff: .servicesOffTitle
        case .restricted: .restrictedTitle
        }
    }

    /// The sentence under the title, or `nil` for ``hidden``.
    ///
    /// For ``explanation`` it is the generic purpose; show the app's own first, as
    /// ``PermissionText/purpose(infoDictionary:)`` gives it.
    public var message: PermissionText? {
        switch self {
        case .hidden: nil
        case .explanation: .explanationPurpose
        case .denied: .deniedMessage
        case .servicesOff: .servicesOffMessage
        case .restricted: .restrictedMessage
        }
    }

    /// The screen's buttons, in order: "Continue" and "Not Now" for ``explanation``, "Open Settings" for
    /// ``denied`` (see ``showsSettingsButton``), none for the others.
    public var buttons: [PermissionText] {
        switch self {
        case .explanation: [.explanationAllow, .explanationDecline]
        case .denied: [.deniedOpenSettings]
        case .hidden, .servicesOff, .restricted: []
        }
    }
}
