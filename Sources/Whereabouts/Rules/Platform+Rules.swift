extension Platform {
    /// What the platform's Core Location offers.
    package var rules: PlatformRules {
        switch self {
        case .iOS: .iOS
        case .macOS: .macOS
        case .watchOS: .watchOS
        case .visionOS: .visionOS
        case .tvOS: .tvOS
        }
    }
}
