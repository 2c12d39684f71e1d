/// Where a declaration came from.
public enum DeclarationOrigin: String, Hashable, Sendable, Codable {
    /// An Info.plist file (XML or binary).
    case infoPlist
    /// An `INFOPLIST_KEY_*` build setting in an Xcode project.
    case buildSetting
    /// XcodeGen's `project.yml` (`info.properties`).
    case xcodeGen
    /// Tuist's `Project.swift` (`infoPlist`).
    case tuist
}

/// The value of one Info.plist key as a project declares it, and where.
public struct DeclaredValue: Hashable, Sendable {
    /// The value, by type, as far as the linter needs it.
    public enum Value: Hashable, Sendable {
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

    /// The value.
    public var value: Value
    /// Where it is declared.
    public var position: SourcePosition
    /// Which kind of file declares it.
    public var origin: DeclarationOrigin

    /// Creates a declared value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - position: Where it is declared.
    ///   - origin: Which kind of file declares it.
    public init(_ value: Value, at position: SourcePosition, origin: DeclarationOrigin) {
        self.value = value
        self.position = position
        self.origin = origin
    }
}

/// One thing the project builds that has its own Info.plist: an app, its watch app, a widget.
public struct LintTarget: Hashable, Sendable {
    /// What kind of bundle the target builds.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// An iOS (or macOS) app.
        case app
        /// A watchOS app.
        case watchApp
        /// An app extension: a widget, a notification service, …
        case appExtension
        /// A bundle the linter could not classify (a lone Info.plist).
        case unknown
    }

    /// The target's name.
    public var name: String
    /// What it builds.
    public var kind: Kind
    /// Info.plist key → its declared value, merged from plist files, build settings and project specs.
    public var info: [String: DeclaredValue]
    /// Language (e.g. `"ja"`) → localized Info.plist key → the localized string and where it is.
    public var localizations: [String: [String: DeclaredValue]]
    /// `CFBundleDevelopmentRegion` or the project's development region, when known (e.g. `"en"`).
    public var developmentRegion: String?
    /// The Swift and Objective-C files built into the target, relative to the linted folder.
    public var sourceFiles: [String]
    /// The iOS deployment target, when known (e.g. `"15.0"`).
    public var deploymentTarget: String?
    /// Where the target is defined (its project file, or its lone Info.plist).
    public var position: SourcePosition

    /// Creates a target.
    ///
    /// - Parameters:
    ///   - name: The target's name.
    ///   - kind: What it builds.
    ///   - info: Its Info.plist keys.
    ///   - localizations: Its localized Info.plist strings.
    ///   - developmentRegion: Its development region.
    ///   - sourceFiles: Its source files.
    ///   - deploymentTarget: Its iOS deployment target.
    ///   - position: Where it is defined.
    public init(
        name: String,
        kind: Kind,
        info: [String: DeclaredValue] = [:],
        localizations: [String: [String: DeclaredValue]] = [:],
        developmentRegion: String? = nil,
        sourceFiles: [String] = [],
        deploymentTarget: String? = nil,
        position: SourcePosition
    ) {
        self.name = name
        self.kind = kind
        self.info = info
        self.localizations = localizations
        self.developmentRegion = developmentRegion
        self.sourceFiles = sourceFiles
        self.deploymentTarget = deploymentTarget
        self.position = position
    }
}

/// What the linter learned about a folder: its targets, and what it could not read.
public struct LintProject: Hashable, Sendable {
    /// The targets found.
    public var targets: [LintTarget]
    /// Whether the folder is a Swift package with no app bundle (no Info.plist, no app project).
    public var isSwiftPackageOnly: Bool
    /// Problems reading the project (a malformed plist or pbxproj), as findings of rule `unreadable-file`.
    public var problems: [LintFinding]

    /// Creates a project.
    ///
    /// - Parameters:
    ///   - targets: The targets found.
    ///   - isSwiftPackageOnly: Whether it is a Swift package with no app bundle.
    ///   - problems: Problems reading it.
    public init(targets: [LintTarget], isSwiftPackageOnly: Bool = false, problems: [LintFinding] = []) {
        self.targets = targets
        self.isSwiftPackageOnly = isSwiftPackageOnly
        self.problems = problems
    }
}
