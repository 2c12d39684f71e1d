/// The operating system a target is built for, as far as the location keys it reads differ.
enum TargetPlatform: String, Hashable, Sendable, Codable {
    /// iOS and iPadOS (`SDKROOT = iphoneos`, the default).
    case iOS
    /// macOS (`SDKROOT = macosx`).
    case macOS
    /// watchOS (`SDKROOT = watchos`, or a watch app).
    case watchOS
    /// tvOS (`SDKROOT = appletvos`).
    case tvOS
    /// visionOS (`SDKROOT = xros`).
    case visionOS

    /// The build setting holding the platform's deployment target, e.g. `WATCHOS_DEPLOYMENT_TARGET`.
    var deploymentTargetSetting: String {
        switch self {
        case .iOS: "IPHONEOS_DEPLOYMENT_TARGET"
        case .macOS: "MACOSX_DEPLOYMENT_TARGET"
        case .watchOS: "WATCHOS_DEPLOYMENT_TARGET"
        case .tvOS: "TVOS_DEPLOYMENT_TARGET"
        case .visionOS: "XROS_DEPLOYMENT_TARGET"
        }
    }

    /// The platform an `SDKROOT` names (`iphoneos`, `watchos`, `macosx`, …); `nil` for `auto` or nothing.
    ///
    /// - Parameter sdk: The `SDKROOT` value, or an XcodeGen/Tuist platform name (`watchOS`).
    /// - Returns: The platform, or `nil` when the value names none.
    static func named(sdk: String) -> TargetPlatform? {
        let lowered = sdk.lowercased()
        if lowered.hasPrefix("iphone") || lowered == "ios" { return .iOS }
        if lowered.hasPrefix("macosx") || lowered == "macos" { return .macOS }
        if lowered.hasPrefix("watch") { return .watchOS }
        if lowered.hasPrefix("appletv") || lowered == "tvos" { return .tvOS }
        if lowered.hasPrefix("xr") || lowered == "visionos" { return .visionOS }
        return nil
    }
}
