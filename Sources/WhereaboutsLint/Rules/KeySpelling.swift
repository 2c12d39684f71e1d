internal import Whereabouts

/// Recognizes near-misses of the location Info.plist keys, and the keys later systems stopped reading.
enum KeySpelling {
    /// Keys that older systems read and later ones ignore: `NSLocationUsageDescription` (iOS 7 and earlier; still
    /// the key macOS and Mac Catalyst read) and `NSLocationAlwaysUsageDescription` (iOS 8 to 10, watchOS 2 and 3).
    static let deprecatedKeys = ["NSLocationUsageDescription", "NSLocationAlwaysUsageDescription"]

    /// The key that replaced a deprecated one on iOS and watchOS.
    ///
    /// - Parameter key: One of ``deprecatedKeys``.
    /// - Returns: `NSLocationWhenInUseUsageDescription` or `NSLocationAlwaysAndWhenInUseUsageDescription`.
    static func replacement(of key: String) -> String {
        key == "NSLocationUsageDescription" ? UsageDescriptions.whenInUseKey : UsageDescriptions.alwaysKey
    }

    /// The first major version of a platform that ignores a deprecated key: `0` when no version of the platform
    /// ever read it, `nil` when the platform still reads it (`NSLocationUsageDescription` on the Mac) or when
    /// the linter does not know.
    ///
    /// - Parameters:
    ///   - key: One of ``deprecatedKeys``.
    ///   - platform: The target's platform.
    ///   - runsOnMac: Whether the target also runs as a Mac app (macOS, Mac Catalyst).
    /// - Returns: The first version that ignores the key.
    static func firstVersionIgnoring(_ key: String, on platform: TargetPlatform, runsOnMac: Bool) -> Int? {
        switch (key, platform) {
        case ("NSLocationUsageDescription", _) where runsOnMac: nil
        case ("NSLocationUsageDescription", .iOS): 8
        case ("NSLocationUsageDescription", .watchOS), ("NSLocationUsageDescription", .tvOS),
            ("NSLocationUsageDescription", .visionOS):
            0
        case ("NSLocationAlwaysUsageDescription", .iOS): 11
        case ("NSLocationAlwaysUsageDescription", .watchOS): 4
        case ("NSLocationAlwaysUsageDescription", .visionOS): 0
        default: nil
        }
    }

    /// The major version of a deployment target such as `"10.3"`, or `nil` when unknown.
    static func majorVersion(_ deploymentTarget: String?) -> Int? {
        guard let text = deploymentTarget else { return nil }
        return Int(text.split(separator: ".").first ?? "")
    }

    /// The keys a near-miss is measured against (and that are therefore never near-misses themselves).
    static let knownKeys: Set<String> = [
        UsageDescriptions.whenInUseKey, UsageDescriptions.alwaysKey, UsageDescriptions.temporaryPurposesKey,
        UsageDescriptions.defaultAccuracyReducedKey, UsageDescriptions.backgroundModesKey, "WKBackgroundModes",
        "NSLocationUsageDescription", "NSLocationAlwaysUsageDescription", "NSWidgetWantsLocation",
    ]

    /// The key a misspelled one was meant to be: a known key within an edit distance of 3, or one that a doubled
    /// word (`NSLocationAlwaysUsageUsageDescription`) hides. Only keys mentioning "location" or "background" are
    /// considered, so unrelated keys are never reported.
    ///
    /// - Parameter key: A declared key.
    /// - Returns: The intended key, or `nil` when the key is known or unrelated.
    static func intendedKey(for key: String) -> String? {
        let lowered = key.lowercased()
        guard !knownKeys.contains(key), lowered.contains("location") || lowered.contains("background") else {
            return nil
        }
        var candidate: String?
        let undoubled = removingDoubledWords(key)
        if undoubled != key, knownKeys.contains(undoubled) {
            candidate = undoubled
        } else {
            let scored = knownKeys.map { ($0, editDistance(key, $0, limit: 3)) }.filter { $0.1 <= 3 }
            candidate = scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
        }
        return candidate
    }

    /// The key with adjacent repeated CamelCase words collapsed: `AlwaysUsageUsage` → `AlwaysUsage`.
    static func removingDoubledWords(_ key: String) -> String {
        var words: [String] = []
        var current = ""
        for character in key {
            if character.isUppercase, let last = current.last, last.isLowercase {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        var result: [String] = []
        for word in words where result.last != word { result.append(word) }
        return result.joined()
    }

    /// The Levenshtein distance between two strings, or `limit + 1` as soon as it exceeds `limit`.
    static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        let a = Array(lhs.lowercased() == rhs.lowercased() ? lhs.lowercased() : lhs)
        let b = Array(lhs.lowercased() == rhs.lowercased() ? rhs.lowercased() : rhs)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a == b { return lhs == rhs ? 0 : 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if row.min()! > limit { return limit + 1 }
            previous = row
        }
        return previous[b.count]
    }
}
