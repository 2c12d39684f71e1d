/// The value of one Info.plist key as a project declares it, and where.
struct DeclaredValue: Hashable, Sendable {
    /// The value, by type, as far as the linter needs it.
    enum Value: Hashable, Sendable {
        /// A string.
        case string(String)
        /// A boolean.
        case bool(Bool)
        /// An array of strings.
        case array([String])
        /// A dictionary of strings (the temporary-usage purposes).
        case dictionary([String: String])
        /// A value of another type; the text names the type (e.g. `"an array"` where a dictionary is due).
        case other(String)
    }

    /// Where a declaration came from.
    enum Origin: String, Hashable, Sendable, Codable {
        /// An Info.plist file (XML or binary).
        case infoPlist
        /// An `INFOPLIST_KEY_*` build setting in an Xcode project.
        case buildSetting
        /// XcodeGen's `project.yml` (`info.properties`).
        case xcodeGen
        /// Tuist's `Project.swift` (`infoPlist`).
        case tuist
    }

    /// The value.
    var value: Value
    /// Where it is declared.
    var position: SourcePosition
    /// Which kind of file declares it.
    var origin: Origin

    /// Creates a declared value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - position: Where it is declared.
    ///   - origin: Which kind of file declares it.
    init(_ value: Value, at position: SourcePosition, origin: Origin) {
        self.value = value
        self.position = position
        self.origin = origin
    }
}
