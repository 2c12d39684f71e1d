/// A text of the permission screens: its key in `Localizable.strings` and its English default.
///
/// The permission screens have one set of texts, here: WhereaboutsUI's views look each ``key`` up in their
/// bundle's `Localizable.strings` (so a translation replaces it) with ``defaultValue`` when the key has no
/// translation, and `whereabouts track` prints the same English in the terminal. Which texts a screen shows is
/// ``PermissionScreen/title``, ``PermissionScreen/message`` and ``PermissionScreen/buttons``.
///
/// ```swift
/// let screen = model.screen
/// if let title = screen.title { print(title.defaultValue) }   // "Location Access Is Off" after a denial
/// print(screen.buttons.map(\.defaultValue))                     // ["Open Settings"]
/// ```
///
/// The explanation's purpose is the app's own first: ``purpose(infoDictionary:)`` gives its
/// `NSLocationWhenInUseUsageDescription`, the sentence the system prompt shows, and ``explanationPurpose`` only
/// when the app declares none.
///
/// A test can check what a screen says without the views:
///
/// ```swift
/// #expect(PermissionScreen.servicesOff.buttons.isEmpty)
/// #expect(PermissionScreen.denied.title == .deniedTitle)
/// ```
public struct PermissionText: Hashable, Sendable {
    /// The key of the text in `Localizable.strings`, such as `"denied.title"`.
    public let key: String
    /// The English text, used wherever the key has no translation.
    public let defaultValue: String

    private init(key: String, defaultValue: String) {
        self.key = key
        self.defaultValue = defaultValue
    }

    /// The explanation's title: "Use Your Location".
    public static let explanationTitle = PermissionText(key: "explanation.title", defaultValue: "Use Your Location")
    /// Why the app wants location, for an app whose Info.plist has no `NSLocationWhenInUseUsageDescription` (see
    /// ``purpose(infoDictionary:)``).
    public static let explanationPurpose = PermissionText(
        key: "explanation.purpose",
        defaultValue: "This app uses your location to show where you are and what is near you."
    )
    /// The explanation's button that brings up the system prompt: "Continue".
    public static let explanationAllow = PermissionText(key: "explanation.allow", defaultValue: "Continue")
    /// The explanation's button that declines for now, without asking: "Not Now".
    public static let explanationDecline = PermissionText(key: "explanation.decline", defaultValue: "Not Now")
    /// The title after the person denied the app: "Location Access Is Off".
    public static let deniedTitle = PermissionText(key: "denied.title", defaultValue: "Location Access Is Off")
    /// What the app cannot do without location, after a denial, and that Settings can allow it.
    public static let deniedMessage = PermissionText(
        key: "denied.message",
        defaultValue:
            "Without your location, this app cannot show where you are or what is near you. You can allow it in "
            + "Settings."
    )
    /// The button to the app's page in Settings, after a denial only: "Open Settings".
    public static let deniedOpenSettings = PermissionText(key: "denied.openSettings", defaultValue: "Open Settings")
    /// The title when Location Services are off for the whole device: "Location Services Are Off".
    public static let servicesOffTitle = PermissionText(
        key: "servicesOff.title",
        defaultValue: "Location Services Are Off"
    )
    /// Where Location Services are turned on (the app's page in Settings cannot).
    public static let servicesOffMessage = PermissionText(
        key: "servicesOff.message",
        defaultValue: "Turn on Location Services in Settings › Privacy & Security › Location Services."
    )
    /// The title when location is restricted: "Location Is Restricted".
    public static let restrictedTitle = PermissionText(key: "restricted.title", defaultValue: "Location Is Restricted")
    /// Why no button helps when location is restricted.
    public static let restrictedMessage = PermissionText(
        key: "restricted.message",
        defaultValue:
            "Location is restricted on this device, for example by Screen Time or a device management profile, and "
            + "this app cannot change that."
    )
    /// The button under approximate location that asks for temporary precise location: "Request Precise Location".
    public static let requestPrecise = PermissionText(key: "precise.request", defaultValue: "Request Precise Location")
    /// The label of the person's place on the map, read by VoiceOver: "My Location".
    public static let indicatorLabel = PermissionText(key: "indicator.label", defaultValue: "My Location")

    /// Every text, in the order of `Localizable.strings`.
    public static let all: [PermissionText] = [
        .explanationTitle, .explanationPurpose, .explanationAllow, .explanationDecline,
        .deniedTitle, .deniedMessage, .deniedOpenSettings,
        .servicesOffTitle, .servicesOffMessage, .restrictedTitle, .restrictedMessage,
        .requestPrecise, .indicatorLabel,
    ]

    /// The sentence the explanation shows under its title: the app's `NSLocationWhenInUseUsageDescription` (see
    /// ``LocationPermissionModel/purposeString(infoDictionary:)``), else ``explanationPurpose``'s English.
    ///
    /// ```swift
    /// let purpose = PermissionText.purpose(infoDictionary: Bundle.main.infoDictionary)
    /// ```
    ///
    /// - Parameter infoDictionary: The app's Info.plist as a dictionary (`Bundle.main.infoDictionary`).
    /// - Returns: The app's purpose string, or the generic purpose when the app declares none.
    public static func purpose(infoDictionary: [String: Any]?) -> String {
        LocationPermissionModel.purposeString(infoDictionary: infoDictionary) ?? explanationPurpose.defaultValue
    }
}
