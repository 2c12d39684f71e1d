/// One thing the project builds that has its own Info.plist: an app, its watch app, a widget.
struct LintTarget: Hashable, Sendable {
    /// What kind of bundle the target builds.
    enum Kind: String, Hashable, Sendable, Codable {
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
    var name: String
    /// What it builds.
    var kind: Kind
    /// Info.plist key → its declared value, merged from plist files, build settings and project specs.
    var info: [String: DeclaredValue]
    /// Language (e.g. `"ja"`) → localized Info.plist key → the localized string and where it is.
    var localizations: [String: [String: DeclaredValue]]
    /// `CFBundleDevelopmentRegion` or the project's development region, when known (e.g. `"en"`).
    var developmentRegion: String?
    /// The Swift and Objective-C files built into the target, relative to the linted folder.
    var sourceFiles: [String]
    /// The files of `sourceFiles` that only code the target links brings (a framework, a local package or pod),
    /// not its own; see ``LintRule/linkedLocationCode``.
    var linkedSourceFiles: Set<String> = []
    /// The deployment target for the target's platform, when known (e.g. `"15.0"` for iOS, `"10.0"` for
    /// watchOS): from its build settings, the project's, an `.xcconfig` file, or a project spec.
    var deploymentTarget: String?
    /// The platform the target is built for.
    var platform: TargetPlatform
    /// Whether the target also runs as a Mac app (macOS, or an iOS app with Mac Catalyst).
    var runsOnMac: Bool
    /// Where the target is defined (its project file, or its lone Info.plist).
    var position: SourcePosition
    /// Whether every Info.plist of the target was read: when one could not be (unreadable, not a property list),
    /// its keys are not known, and the rules that report a key as missing do not judge the target.
    var declarationsComplete = true
    /// Whether all of the target's code was read: when a source file or a folder that may hold its code could not
    /// be, or a file its project lists is not in the folder, the rules that report a use as missing do not judge
    /// the target.
    var codeComplete = true
    /// Dependencies from outside the linted folder (pods, remote Swift packages, Carthage frameworks) whose code
    /// the linter cannot read; see ``UncheckedDependencies``.
    var uncheckedDependencies: [String] = []

    /// Creates a target.
    ///
    /// - Parameters:
    ///   - name: The target's name.
    ///   - kind: What it builds.
    ///   - info: Its Info.plist keys.
    ///   - localizations: Its localized Info.plist strings.
    ///   - developmentRegion: Its development region.
    ///   - sourceFiles: Its source files.
    ///   - deploymentTarget: Its deployment target, for its platform.
    ///   - platform: Its platform (iOS unless the project says otherwise).
    ///   - runsOnMac: Whether it also runs as a Mac app.
    ///   - position: Where it is defined.
    init(
        name: String,
        kind: Kind,
        info: [String: DeclaredValue] = [:],
        localizations: [String: [String: DeclaredValue]] = [:],
        developmentRegion: String? = nil,
        sourceFiles: [String] = [],
        deploymentTarget: String? = nil,
        platform: TargetPlatform = .iOS,
        runsOnMac: Bool = false,
        position: SourcePosition
    ) {
        self.name = name
        self.kind = kind
        self.info = info
        self.localizations = localizations
        self.developmentRegion = developmentRegion
        self.sourceFiles = sourceFiles
        self.deploymentTarget = deploymentTarget
        self.platform = platform
        self.runsOnMac = runsOnMac
        self.position = position
    }
}
