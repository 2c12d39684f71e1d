package import Foundation

/// A large generated `project.pbxproj`, for the tests of how much memory the linter takes to read one.
///
/// The layout is the one Xcode writes and `scripts/make-large-pbxproj.py` writes for measuring by hand: sections of
/// build files, file references, groups, native targets, build phases, configurations and lists, object IDs of
/// 24 hex digits and `/* comments */`. There are ``targetCount`` targets (every tenth an app that declares
/// `NSLocationWhenInUseUsageDescription` in its build settings, the others frameworks), each with source files in
/// groups of 40 until the text reaches the size asked for. The Swift files it names are not written.
package enum LargeXcodeProject {
    /// How many targets the project has.
    package static let targetCount = 50
    /// How many of them are apps.
    package static let appCount = 5
    /// Roughly the bytes one source file costs across the sections.
    private static let bytesPerFile = 478

    /// The text of a project of about `bytes` bytes (a little more or less).
    ///
    /// - Parameter bytes: The size to reach.
    /// - Returns: The project file's text and how many source files it lists.
    package static func text(bytes: Int) -> (text: String, sourceFiles: Int) {
        let (sections, sourceFiles) = generate(bytes: bytes, spillingTo: nil)
        return (sections.map(\.text).joined(), sourceFiles)
    }

    /// Writes a project of about `bytes` bytes to `file`, keeping at most a few megabytes in memory (a test that
    /// measures memory must not add the file's size to its own process).
    ///
    /// - Parameters:
    ///   - bytes: The size to reach.
    ///   - file: Where to write it.
    /// - Returns: How many source files it lists.
    /// - Throws: When a file cannot be written.
    @discardableResult
    package static func write(bytes: Int, to file: URL) throws -> Int {
        let spill = file.deletingLastPathComponent().appendingPathComponent(".sections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: spill, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: spill) }
        let (sections, sourceFiles) = generate(bytes: bytes, spillingTo: spill)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        for section in sections {
            try section.finish()
            if let spilled = section.url {
                let input = try FileHandle(forReadingFrom: spilled)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            }
            try output.write(contentsOf: Data(section.text.utf8))
        }
        return sourceFiles
    }

    /// Text of one part of the file, kept in memory or, with a folder to spill to, written to a file there each
    /// time it passes a megabyte.
    private final class Sink {
        var text = ""
        let url: URL?
        private let handle: FileHandle?

        init(_ text: String = "", spillingTo folder: URL?) {
            self.text = text
            url = folder?.appendingPathComponent(UUID().uuidString)
            if let url {
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                handle = try? FileHandle(forWritingTo: url)
            } else {
                handle = nil
            }
        }

        static func += (sink: Sink, more: String) {
            sink.text += more
            if sink.text.utf8.count > 1 << 20 { try? sink.finish() }
        }

        /// Writes what is held to the spill file, if there is one.
        func finish() throws {
            guard let handle, !text.isEmpty else { return }
            try handle.write(contentsOf: Data(text.utf8))
            text = ""
        }
    }

    /// The file's parts in order, and how many source files it lists.
    private static func generate(bytes: Int, spillingTo folder: URL?) -> (sections: [Sink], sourceFiles: Int) {
        var counter = 0
        func newID() -> String {
            counter += 1
            let value = UInt64(counter) &* 7919
            let high = String(0xA1B2_C3D4 as UInt32, radix: 16, uppercase: true)
            let low = String(0xE5F6_0000_0000_0000 &+ value, radix: 16, uppercase: true)
            return high + low
        }
        let filesPerTarget = max(1, bytes / bytesPerFile / targetCount)
        let buildFiles = Sink(spillingTo: folder)
        let references = Sink(spillingTo: folder)
        let groups = Sink(spillingTo: folder)
        let targets = Sink(spillingTo: folder)
        let phases = Sink(spillingTo: folder)
        let configurations = Sink(spillingTo: folder)
        let lists = Sink(spillingTo: folder)
        let mainGroup = newID()
        let productsGroup = newID()
        let projectID = newID()
        var topGroups: [(String, String)] = []
        var productReferences: [(String, String)] = []
        var targetIDs: [(String, String)] = []
        var sourceFiles = 0
        for index in 0..<targetCount {
            let name = "Module" + (index < 10 ? "0" : "") + String(index)
            let isApp = index % 10 == 0
            let targetID = newID()
            let sourcesID = newID()
            let listID = newID()
            let productID = newID()
            let product = name + (isApp ? ".app" : ".framework")
            references +=
                "\t\t\(productID) /* \(product) */ = {isa = PBXFileReference; explicitFileType = "
                + "\(isApp ? "wrapper.application" : "wrapper.framework"); includeInIndex = 0; path = \(product); "
                + "sourceTree = BUILT_PRODUCTS_DIR; };\n"
            productReferences.append((productID, product))
            let moduleGroup = newID()
            var subgroups = ""
            var phaseEntries = ""
            let groupCount = (filesPerTarget + 39) / 40
            for group in 0..<groupCount {
                let groupID = newID()
                let groupName = "Feature" + String(1000 + group).dropFirst()
                var children = ""
                for file in 0..<40 where group * 40 + file < filesPerTarget {
                    let fileName = "\(groupName)View\(String(1000 + file).dropFirst()).swift"
                    let referenceID = newID()
                    let buildID = newID()
                    buildFiles +=
                        "\t\t\(buildID) /* \(fileName) in Sources */ = {isa = PBXBuildFile; fileRef = "
                        + "\(referenceID) /* \(fileName) */; };\n"
                    references +=
                        "\t\t\(referenceID) /* \(fileName) */ = {isa = PBXFileReference; "
                        + "lastKnownFileType = sourcecode.swift; path = \(fileName); sourceTree = \"<group>\"; };\n"
                    children += "\t\t\t\t\(referenceID) /* \(fileName) */,\n"
                    phaseEntries += "\t\t\t\t\(buildID) /* \(fileName) in Sources */,\n"
                    sourceFiles += 1
                }
                groups +=
                    "\t\t\(groupID) /* \(groupName) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
                    + children + "\t\t\t);\n\t\t\tpath = \(groupName);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
                subgroups += "\t\t\t\t\(groupID) /* \(groupName) */,\n"
            }
            groups +=
                "\t\t\(moduleGroup) /* \(name) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n" + subgroups
                + "\t\t\t);\n\t\t\tpath = \(name);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
            topGroups.append((moduleGroup, name))
            phases +=
                "\t\t\(sourcesID) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n"
                + "\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n" + phaseEntries
                + "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n"
            var configurationEntries = ""
            for configuration in ["Debug", "Release"] {
                let configurationID = newID()
                configurationEntries += "\t\t\t\t\(configurationID) /* \(configuration) */,\n"
                let location =
                    isApp
                    ? "\t\t\t\tINFOPLIST_KEY_NSLocationWhenInUseUsageDescription = \"\(name) shows where you are on "
                        + "the map.\";\n" : ""
                configurations +=
                    "\t\t\(configurationID) /* \(configuration) */ = {\n\t\t\tisa = XCBuildConfiguration;\n"
                    + "\t\t\tbuildSettings = {\n\t\t\t\tCODE_SIGN_STYLE = Automatic;\n\t\t\t\tCURRENT_PROJECT_VERSION = 1;\n"
                    + "\t\t\t\tGENERATE_INFOPLIST_FILE = YES;\n" + location
                    + "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n\t\t\t\tMARKETING_VERSION = 1.0;\n"
                    + "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = org.example.\(name.lowercased());\n"
                    + "\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tSDKROOT = iphoneos;\n"
                    + "\t\t\t\tSWIFT_VERSION = 6.0;\n\t\t\t};\n\t\t\tname = \(configuration);\n\t\t};\n"
            }
            lists +=
                "\t\t\(listID) /* Build configuration list for PBXNativeTarget \"\(name)\" */ = {\n"
                + "\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n" + configurationEntries
                + "\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};\n"
            let productType = "com.apple.product-type." + (isApp ? "application" : "framework")
            targets +=
                "\t\t\(targetID) /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n"
                + "\t\t\tbuildConfigurationList = \(listID) /* Build configuration list for PBXNativeTarget \"\(name)\" */;\n"
                + "\t\t\tbuildPhases = (\n\t\t\t\t\(sourcesID) /* Sources */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n"
                + "\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = \(name);\n\t\t\tproductName = \(name);\n"
                + "\t\t\tproductReference = \(productID) /* \(product) */;\n\t\t\tproductType = \"\(productType)\";\n\t\t};\n"
            targetIDs.append((targetID, name))
        }
        func listing(_ items: [(String, String)]) -> String {
            items.map { "\t\t\t\t\($0.0) /* \($0.1) */,\n" }.joined()
        }
        groups +=
            "\t\t\(productsGroup) /* Products */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
            + listing(productReferences) + "\t\t\t);\n\t\t\tname = Products;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        groups +=
            "\t\t\(mainGroup) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n" + listing(topGroups)
            + "\t\t\t\t\(productsGroup) /* Products */,\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        let projectList = newID()
        let project =
            "\t\t\(projectID) /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
            + "\t\t\tbuildConfigurationList = \(projectList) /* Build configuration list for PBXProject \"Big\" */;\n"
            + "\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n\t\t\tdevelopmentRegion = en;\n"
            + "\t\t\tmainGroup = \(mainGroup);\n\t\t\tproductRefGroup = \(productsGroup) /* Products */;\n"
            + "\t\t\tprojectDirPath = \"\";\n\t\t\tprojectRoot = \"\";\n\t\t\ttargets = (\n" + listing(targetIDs)
            + "\t\t\t);\n\t\t};\n"
        lists +=
            "\t\t\(projectList) /* Build configuration list for PBXProject \"Big\" */ = {\n"
            + "\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t);\n"
            + "\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};\n"
        func section(_ name: String, _ items: Sink) -> [Sink] {
            let begin = Sink("\n/* Begin \(name) section */\n", spillingTo: nil)
            return [begin, items, Sink("/* End \(name) section */\n", spillingTo: nil)]
        }
        let head =
            "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
        let tail = "\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
        var sections: [Sink] = [Sink(head, spillingTo: nil)]
        sections += section("PBXBuildFile", buildFiles)
        sections += section("PBXFileReference", references)
        sections += section("PBXGroup", groups)
        sections += section("PBXNativeTarget", targets)
        sections += section("PBXProject", Sink(project, spillingTo: nil))
        sections += section("PBXSourcesBuildPhase", phases)
        sections += section("XCBuildConfiguration", configurations)
        sections += section("XCConfigurationList", lists)
        sections.append(Sink(tail, spillingTo: nil))
        return (sections, sourceFiles)
    }
}
