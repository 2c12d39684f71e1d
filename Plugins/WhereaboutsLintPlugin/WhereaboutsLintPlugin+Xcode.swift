// Xcode's variant of the plugin. XcodeProjectPlugin exists only in Xcode, so this file has never been compiled on
// Linux, where the package is built and tested; it is kept to the few lines that differ from the package plugin.
#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

extension WhereaboutsLintPlugin: XcodeCommandPlugin {
    /// Lints the Xcode project's folder (or the folders given), as the package plugin does.
    ///
    /// - Parameters:
    ///   - context: The Xcode project, and where the `whereabouts` tool is.
    ///   - arguments: The linter's options and folders; `--target NAME`, which Xcode adds, is ignored.
    /// - Throws: ``LintPluginError`` when the lint fails or cannot run.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool = try context.tool(named: "whereabouts")
        let invocation = try LintInvocation(
            arguments: arguments,
            defaultPath: context.xcodeProject.directoryURL.path,
            ignoringTargets: true
        )
        try invocation.run(tool: tool.url, scratch: context.pluginWorkDirectoryURL).forward()
    }
}
#endif
