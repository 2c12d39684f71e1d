// Xcode's variant of the plugin. XcodeProjectPlugin exists only in Xcode, so this file has never been compiled on
// Linux, where the package is built and tested; it is kept to the few lines that differ from the package plugin.
#if canImport(XcodeProjectPlugin)
import PackagePlugin
import XcodeProjectPlugin

extension WhereaboutsLintPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool = try context.tool(named: "whereabouts")
        let invocation = try LintInvocation(arguments: arguments, defaultPath: context.xcodeProject.directoryURL.path)
        try invocation.run(tool: tool.url, scratch: context.pluginWorkDirectoryURL).forward()
    }
}
#endif
