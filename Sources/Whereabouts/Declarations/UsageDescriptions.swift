public import Foundation

/// The app's location declarations: the Info.plist keys the engine enforces as iOS does.
///
/// Read them from a real Info.plist (XML or binary) or build them in code:
///
/// ```swift
/// let declarations = try UsageDescriptions(contentsOf: URL(filePath: "App/Info.plist"))
///
/// let inCode = UsageDescriptions(
///     whenInUse: "Shows where you are on the map.",
///     temporaryPurposes: ["Navigation": "Turn-by-turn directions need your exact position."]
/// )
/// ```
public struct UsageDescriptions: Hashable, Sendable, Codable {
    /// `NSLocationWhenInUseUsageDescription`.
    public static let whenInUseKey = "NSLocationWhenInUseUsageDescription"
    /// `NSLocationAlwaysAndWhenInUseUsageDescription`.
    public static let alwaysKey = "NSLocationAlwaysAndWhenInUseUsageDescription"
    /// `NSLocationTemporaryUsageDescriptionDictionary`.
    public static let temporaryPurposesKey = "NSLocationTemporaryUsageDescriptionDictionary"
    /// `NSLocationDefaultAccuracyReduced`.
    public static let defaultAccuracyReducedKey = "NSLocationDefaultAccuracyReduced"
    /// `UIBackgroundModes`.
    public static let backgroundModesKey = "UIBackgroundModes"
    /// `CLRequireExplicitServiceSession`: nothing asks for authorization unless a service session does.
    ///
    /// Core Location's `CLServiceSession.h` and Apple's page "Suspending authorization requests" spell the opt-in
    /// this way; ``requireExplicitServiceSessionAlternateKey`` is the other spelling Apple's pages use.
    public static let requireExplicitServiceSessionKey = "CLRequireExplicitServiceSession"
    /// `NSLocationRequireExplicitServiceSession`: the explicit-session opt-in as Apple's page "Handling location
    /// updates in the background" spells it. Whereabouts reads both spellings; `whereabouts lint` asks for
    /// ``requireExplicitServiceSessionKey`` beside it.
    public static let requireExplicitServiceSessionAlternateKey = "NSLocationRequireExplicitServiceSession"
    /// `CFBundleDisplayName`, the app name a prompt shows.
    public static let displayNameKey = "CFBundleDisplayName"
    /// `CFBundleName`, the app name a prompt shows when there is no display name.
    public static let bundleNameKey = "CFBundleName"

    /// Why the app needs location while in use; `nil` when the key is absent.
    public var whenInUse: String?
    /// Why the app needs location always; `nil` when the key is absent.
    public var always: String?
    /// Purpose key → why a feature needs temporary precise location.
    public var temporaryPurposes: [String: String]
    /// Whether accuracy starts reduced (the prompt's Precise switch starts off).
    public var defaultAccuracyReduced: Bool
    /// The app's background modes, e.g. `["location"]`.
    public var backgroundModes: [String]
    /// The app's name as a prompt shows it, when declared.
    public var appName: String?
    /// Whether the app declares `CLRequireExplicitServiceSession` or `NSLocationRequireExplicitServiceSession` true:
    /// live updates then carry ``Diagnostic/serviceSessionRequired`` while no ``ServiceSession`` asks for
    /// authorization, and out of the foreground the app gets fixes and monitoring events only while it holds a
    /// session with the authorization they need.
    public var requiresExplicitServiceSession = false

    /// Creates declarations in code.
    ///
    /// - Parameters:
    ///   - whenInUse: `NSLocationWhenInUseUsageDescription`, or `nil` for absent.
    ///   - always: `NSLocationAlwaysAndWhenInUseUsageDescription`, or `nil` for absent.
    ///   - temporaryPurposes: `NSLocationTemporaryUsageDescriptionDictionary`.
    ///   - defaultAccuracyReduced: `NSLocationDefaultAccuracyReduced`.
    ///   - backgroundModes: `UIBackgroundModes`.
    ///   - appName: The app's name as a prompt shows it.
    public init(
        whenInUse: String? = nil,
        always: String? = nil,
        temporaryPurposes: [String: String] = [:],
        defaultAccuracyReduced: Bool = false,
        backgroundModes: [String] = [],
        appName: String? = nil
    ) {
        self.whenInUse = whenInUse
        self.always = always
        self.temporaryPurposes = temporaryPurposes
        self.defaultAccuracyReduced = defaultAccuracyReduced
        self.backgroundModes = backgroundModes
        self.appName = appName
    }

    /// Whether `UIBackgroundModes` holds `location`.
    public var hasLocationBackgroundMode: Bool { backgroundModes.contains("location") }

    /// Reads an Info.plist file, XML or binary.
    ///
    /// - Parameter url: The file to read.
    /// - Throws: ``LocationError`` with code ``LocationError/Code/invalidInfoPlist`` naming the file
    ///   when it cannot be read, is not a property list, or has a location key of the wrong type.
    public init(contentsOf url: URL) throws(LocationError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidInfoPlist(
                file: url.path,
                problem: "cannot be read (\(error.localizedDescription)); check the path and its permissions"
            )
        }
        try self.init(propertyListData: data, file: url.path)
    }

    /// Reads Info.plist contents, XML or binary.
    ///
    /// - Parameters:
    ///   - data: The property list's bytes.
    ///   - file: The name to use in errors.
    /// - Throws: ``LocationError`` with code ``LocationError/Code/invalidInfoPlist`` when the data is
    ///   not a property list whose top level is a dictionary, or a location key has the wrong type.
    public init(propertyListData data: Data, file: String = "Info.plist") throws(LocationError) {
        guard !BinaryPropertyList.containsSet(data) else {
            throw .invalidInfoPlist(
                file: file,
                problem: "is a binary property list holding a set, which no Info.plist has; convert it with "
                    + "`plutil -convert xml1` and check it in Xcode"
            )
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .invalidInfoPlist(
                file: file,
                problem: "is not a valid property list (\(Self.reason(of: error))); check it with "
                    + "`plutil -lint` or open it in Xcode"
            )
        }
        guard let dictionary = object as? [String: Any] else {
            throw .invalidInfoPlist(file: file, problem: "the top level must be a dictionary (<dict>)")
        }
        try self.init(dictionary: dictionary, file: file)
    }

    /// Reads declarations from an Info.plist dictionary, as `PropertyListSerialization` or
    /// `JSONSerialization` produce it. Keys other than the location ones are ignored.
    ///
    /// - Parameters:
    ///   - dictionary: The Info.plist's top-level dictionary.
    ///   - file: The name to use in errors.
    /// - Throws: ``LocationError`` with code ``LocationError/Code/invalidInfoPlist`` naming the key
    ///   whose value has the wrong type.
    public init(dictionary: [String: Any], file: String = "Info.plist") throws(LocationError) {
        func string(_ key: String) throws(LocationError) -> String? {
            guard let value = dictionary[key] else { return nil }
            guard let text = value as? String else {
                throw .invalidInfoPlist(file: file, problem: "\(key) must be a string, not \(Self.typeName(value))")
            }
            return text
        }
        let whenInUse = try string(Self.whenInUseKey)
        let always = try string(Self.alwaysKey)
        var appName = try string(Self.displayNameKey)
        if appName == nil { appName = try string(Self.bundleNameKey) }

        var purposes: [String: String] = [:]
        if let value = dictionary[Self.temporaryPurposesKey] {
            guard let entries = value as? [String: Any] else {
                throw .invalidInfoPlist(
                    file: file,
                    problem: "\(Self.temporaryPurposesKey) must be a dictionary of purpose key → sentence, not "
                        + "\(Self.typeName(value)); write it as <dict><key>PurposeKey</key><string>why</string></dict>"
                )
            }
            for (key, sentence) in entries {
                guard let sentence = sentence as? String else {
                    throw .invalidInfoPlist(
                        file: file,
                        problem: "\(Self.temporaryPurposesKey).\(key) must be a string, not \(Self.typeName(sentence))"
                    )
                }
                purposes[key] = sentence
            }
        }

        var reduced = false
        if let value = dictionary[Self.defaultAccuracyReducedKey] {
            guard let flag = Self.bool(value) else {
                throw .invalidInfoPlist(
                    file: file,
                    problem: "\(Self.defaultAccuracyReducedKey) must be a boolean (<true/> or <false/>), not "
                        + Self.typeName(value)
                )
            }
            reduced = flag
        }

        var modes: [String] = []
        if let value = dictionary[Self.backgroundModesKey] {
            guard let list = value as? [Any], let strings = list as? [String] else {
                throw .invalidInfoPlist(
                    file: file,
                    problem: "\(Self.backgroundModesKey) must be an array of strings such as \"location\", not "
                        + Self.typeName(value)
                )
            }
            modes = strings
        }

        // Either spelling opts in: Apple's pages use both.
        var explicitSession = false
        for key in [Self.requireExplicitServiceSessionKey, Self.requireExplicitServiceSessionAlternateKey] {
            guard let value = dictionary[key] else { continue }
            guard let flag = Self.bool(value) else {
                throw .invalidInfoPlist(
                    file: file,
                    problem: "\(key) must be a boolean (<true/> or <false/>), not " + Self.typeName(value)
                )
            }
            explicitSession = explicitSession || flag
        }

        self.init(
            whenInUse: whenInUse,
            always: always,
            temporaryPurposes: purposes,
            defaultAccuracyReduced: reduced,
            backgroundModes: modes,
            appName: appName
        )
        requiresExplicitServiceSession = explicitSession
    }

    private static func bool(_ value: Any) -> Bool? {
        guard isSerializedBoolean(value) else { return nil }
        return value as? Bool
    }

    private static func typeName(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is Bool: "a boolean"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        case is Int, is Double: "a number"
        default: "a \(type(of: value))"
        }
    }

    private static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String { return debug }
        return nsError.localizedDescription
    }
}
