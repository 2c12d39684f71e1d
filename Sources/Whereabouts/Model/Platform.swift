/// The Apple platform whose Core Location a ``SimulatedOS`` plays: each has its own rules.
///
/// iOS (and iPadOS) is the default. A Mac has no When In Use (an app the person allows is `authorizedAlways`), no
/// background state, no `CLServiceSession` or `CLBackgroundActivitySession`; watchOS has no region monitoring, visits
/// or significant changes; visionOS has no Always and no background updates; tvOS has When In Use and one-shot
/// locations only. The article "The rules Whereabouts follows" has the table, each rule with Apple's page.
///
/// ```swift
/// let os = await SimulatedOS(
///     appID: "com.example.mac",
///     declarations: UsageDescriptions(whenInUse: "Shows where you are."),
///     prompter: ScriptedPerson([.allowWhileUsing(precise: true)]),
///     platform: .macOS
/// )
/// let client = LocationClient.simulated(os: os, source: ScriptedSource())
/// let outcome = try await client.requestWhenInUseAuthorization()
/// // outcome.status == .authorizedAlways: a Mac has no When In Use
/// ```
public enum Platform: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// iOS and iPadOS (and Mac Catalyst, whose Core Location is iOS's): every rule of the article.
    case iOS = "ios"
    /// macOS.
    case macOS = "macos"
    /// watchOS.
    case watchOS = "watchos"
    /// visionOS.
    case visionOS = "visionos"
    /// tvOS.
    case tvOS = "tvos"

    /// The name as scenarios spell it: `ios`, `macos`, `watchos`, `visionos` or `tvos`.
    public var description: String { rawValue }

    /// The name as Apple writes it, for people: iOS, macOS, watchOS, visionOS or tvOS.
    public var displayName: String {
        switch self {
        case .iOS: "iOS"
        case .macOS: "macOS"
        case .watchOS: "watchOS"
        case .visionOS: "visionOS"
        case .tvOS: "tvOS"
        }
    }
}
