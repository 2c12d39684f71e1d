import Foundation
import PackagePlugin

/// `swift package whereabouts-lint`: runs `whereabouts lint` on the package, or on the folders given.
///
/// The linter's Xcode-style diagnostics (`path:line:col: error: …`) go straight to the output, and the plugin
/// fails when the lint does, with a one-line summary of what to do:
///
/// ```
/// swift package whereabouts-lint                          # the package's own folder
/// swift package whereabouts-lint MyApp --strict           # an Xcode project's or app's folder
/// swift package whereabouts-lint MyApp --format sarif     # also json; --config FILE, --include-vendored
/// ```
///
/// The linter only reads, so the plugin asks for no permission.
@main
struct WhereaboutsLintPlugin: CommandPlugin {
    /// Lints the package's folder (or the folders given), then fails if the lint did.
    ///
    /// - Parameters:
    ///   - context: The package, and where SwiftPM built the `whereabouts` tool.
    ///   - arguments: The linter's options and folders (what followed the verb).
    /// - Throws: ``LintPluginError`` when the lint fails or cannot run; SwiftPM prints its description.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "whereabouts")
        let invocation = try LintInvocation(arguments: arguments, defaultPath: context.package.directoryURL.path)
        try invocation.run(tool: tool.url, scratch: context.pluginWorkDirectoryURL).forward()
    }
}
