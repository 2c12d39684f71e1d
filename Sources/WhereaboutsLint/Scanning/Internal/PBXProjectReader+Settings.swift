import Whereabouts

extension PBXProjectReader {
    /// One build setting's value and where its key is written.
    struct Setting {
        var value: ASCIIPlistValue
        var line: Int
        var column: Int
    }

    /// The configuration the scanner uses: `Release` when there is one, else the first.
    func chosenConfiguration(listID: String?) -> ASCIIPlistDictionary? {
        let configurations = configurations(listID: listID)
        return configurations.first(where: { $0["name"]?.string == "Release" }) ?? configurations.first
    }

    /// The `.xcconfig` file the chosen configuration is based on (`baseConfigurationReference`), relative to the
    /// root, when it has one.
    func baseConfiguration(listID: String?) -> String? {
        guard let reference = chosenConfiguration(listID: listID)?["baseConfigurationReference"]?.string else {
            return nil
        }
        return resolvePath(of: reference)
    }

    /// The platform a target is built for: its `SDKROOT`, else the first of `SUPPORTED_PLATFORMS` (iOS when it
    /// lists iOS), else watchOS for a watch app and iOS for the rest.
    static func platform(sdk: String, settings: [String: Setting], kind: LintTarget.Kind) -> TargetPlatform {
        if kind == .watchApp { return .watchOS }
        if let platform = TargetPlatform.named(sdk: sdk) { return platform }
        let supported = (settings["SUPPORTED_PLATFORMS"]?.value.string ?? "").split(separator: " ").map(String.init)
        if supported.contains("iphoneos") { return .iOS }
        return supported.lazy.compactMap { TargetPlatform.named(sdk: $0) }.first ?? .iOS
    }

    /// Whether an iOS target also builds for the Mac: `SUPPORTS_MACCATALYST = YES`, or `macosx` among
    /// `SUPPORTED_PLATFORMS`.
    static func runsOnMac(_ settings: [String: Setting]) -> Bool {
        if settings["SUPPORTS_MACCATALYST"]?.value.string == "YES" { return true }
        return (settings["SUPPORTED_PLATFORMS"]?.value.string ?? "").split(separator: " ").contains("macosx")
    }

    /// The build settings of the configuration the scanner uses: `Release` when there is one, else the first.
    func buildSettings(listID: String?) -> [String: Setting] {
        guard let settings = chosenConfiguration(listID: listID)?["buildSettings"]?.dictionary else { return [:] }
        var result: [String: Setting] = [:]
        for entry in settings.entries {
            let (key, value) = (entry.key, entry.value)
            let place: (line: Int, column: Int)? = (Int(entry.line), Int(entry.column))
            result[key] = Setting(value: value, line: place?.line ?? 0, column: place?.column ?? 0)
        }
        return result
    }

    /// The first value of `key` in any build configuration of the list, in the order they are written.
    func anyConfigurationSetting(_ key: String, listID: String?) -> Setting? {
        for configuration in configurations(listID: listID) {
            guard let settings = configuration["buildSettings"]?.dictionary, let value = settings[key] else {
                continue
            }
            let place = settings.position(of: key)
            return Setting(value: value, line: place?.line ?? 0, column: place?.column ?? 0)
        }
        return nil
    }

    /// Every string value of `key` across the build configurations of the list.
    func allConfigurationValues(_ key: String, listID: String?) -> [String] {
        configurations(listID: listID).compactMap { $0["buildSettings"]?.dictionary?[key]?.string }
    }

    private func configurations(listID: String?) -> [ASCIIPlistDictionary] {
        guard let listID, let list = objects[listID] else { return [] }
        return (list["buildConfigurations"]?.array ?? []).compactMap { $0.string }.compactMap { objects[$0] }
    }

    /// The `INFOPLIST_KEY_<Key>` settings as Info.plist keys.
    func infoKeys(_ settings: [String: Setting]) -> [String: DeclaredValue] {
        let prefix = "INFOPLIST_KEY_"
        var info: [String: DeclaredValue] = [:]
        for (name, setting) in settings where name.hasPrefix(prefix) && name.count > prefix.count {
            // Settings may be conditional (`INFOPLIST_KEY_X[sdk=iphoneos*]`); the key is before the bracket.
            let key = String(name.dropFirst(prefix.count).prefix { $0 != "[" })
            guard info[key] == nil || !name.contains("[") else { continue }
            let position = SourcePosition(file: file, line: setting.line, column: setting.column)
            info[key] = DeclaredValue(Self.value(of: setting.value, key: key), at: position, origin: .buildSetting)
        }
        return info
    }

    /// Converts a build-setting value: `YES`/`NO` are booleans; `UIBackgroundModes` and other list keys are
    /// arrays, written either as `( location, audio )` or as one space-separated string `"location audio"`.
    static func value(of setting: ASCIIPlistValue, key: String) -> DeclaredValue.Value {
        if let text = setting.string { return value(ofText: text, key: key) }
        if let items = setting.array {
            let strings = items.compactMap(\.string)
            guard strings.count == items.count else { return .other("an array of non-string values") }
            return .array(strings.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) })
        }
        return .other("a dictionary")
    }

    /// Converts a build setting written as text (see ``value(of:key:)``).
    static func value(ofText text: String, key: String) -> DeclaredValue.Value {
        let listKeys: Set<String> = [UsageDescriptions.backgroundModesKey, "UIRequiredDeviceCapabilities"]
        if listKeys.contains(key) { return .array(text.split(whereSeparator: \.isWhitespace).map(String.init)) }
        if text == "YES" { return .bool(true) }
        if text == "NO" { return .bool(false) }
        return .string(text)
    }
}
