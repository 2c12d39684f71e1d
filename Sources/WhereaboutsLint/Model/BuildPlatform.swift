/// A platform a target's code is compiled for, as conditional compilation tells them apart.
///
/// Mac Catalyst is its own build: there `os(iOS)` and `targetEnvironment(macCatalyst)` hold, `os(macOS)` does
/// not.
enum BuildPlatform: String, Hashable, Sendable, CaseIterable {
    case iOS
    case macCatalyst
    case macOS
    case watchOS
    case tvOS
    case visionOS

    /// The builds of a target: its platform's, and Mac Catalyst's for an iOS target that also runs on the Mac.
    ///
    /// - Parameter target: The target.
    /// - Returns: The platforms its code is compiled for.
    static func builds(of target: LintTarget) -> Set<BuildPlatform> {
        switch target.platform {
        // "Runs on the Mac" is either Mac Catalyst or a multiplatform target's macOS build; both are counted.
        case .iOS: target.runsOnMac ? [.iOS, .macCatalyst, .macOS] : [.iOS]
        case .macOS: [.macOS]
        case .watchOS: [.watchOS]
        case .tvOS: [.tvOS]
        case .visionOS: [.visionOS]
        }
    }
}
