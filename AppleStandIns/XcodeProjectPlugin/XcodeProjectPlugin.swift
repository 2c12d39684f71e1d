// Stand-in for Xcode's XcodeProjectPlugin interface, type-checked on Linux by scripts/check-apple.sh against the
// toolchain's real PackagePlugin; never shipped, never run. Every body is fatalError().
public import Foundation
public import PackagePlugin

/// A command plugin Xcode runs on an Xcode project.
public protocol XcodeCommandPlugin {
    /// Runs the command on the project.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

/// What Xcode gives a command plugin.
public struct XcodePluginContext {
    /// The project the command runs on.
    public var xcodeProject: XcodeProject { fatalError() }
    /// A folder the plugin may write to.
    public var pluginWorkDirectoryURL: URL { fatalError() }

    /// A command-line tool the plugin may run (its `url` is `@available(_PackageDescription 6.0)`).
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}

/// An Xcode project.
public struct XcodeProject {
    /// The folder that holds the `.xcodeproj`.
    public var directoryURL: URL { fatalError() }
}
