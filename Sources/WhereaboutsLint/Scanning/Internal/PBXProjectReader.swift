import Foundation

/// Reads the targets of an Xcode `project.pbxproj`.
struct PBXProjectReader {
    /// What one project file gave.
    struct Result {
        var targets: [ScannedTarget] = []
        /// Every `INFOPLIST_FILE` of every target (tests and frameworks too), relative to the root.
        var referencedPlists: Set<String> = []
        var problem: LintFinding?
    }

    let file: String
    let objects: [String: ASCIIPlistDictionary]
    let objectPositions: [String: (line: Int, column: Int)]
    let projectFolder: String
    private var parents: [String: String] = [:]

    /// Parses the text of the pbxproj at `file` (relative to the root) and reads its targets.
    static func read(text: String, file: String) -> Result {
        var parser = ASCIIPlistParser(text: text)
        let document: ASCIIPlistValue
        do {
            document = try parser.parseDocument()
        } catch {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let lineText = error.line - 1 < lines.count ? lines[error.line - 1] : ""
            let conflict = ["<<<<<<<", "=======", ">>>>>>>"].contains { lineText.hasPrefix($0) }
            let advice =
                conflict
                ? "it contains a merge conflict marker; resolve the conflict and keep one side"
                : "\(error.message); restore it from version control or let Xcode rewrite it"
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file, line: error.line, column: error.column),
                    "cannot be parsed: \(advice)"
                )
            )
        }
        guard let root = document.dictionary, let objectsDictionary = root["objects"]?.dictionary,
            let rootID = root["rootObject"]?.string, let project = objectsDictionary[rootID]?.dictionary
        else {
            return Result(
                problem: ScanProblem.finding(
                    at: SourcePosition(file: file, line: 1, column: 1),
                    "has no `objects` or `rootObject`; it is not an Xcode project file, or it is damaged"
                )
            )
        }
        var objects: [String: ASCIIPlistDictionary] = [:]
        for (id, value) in objectsDictionary.values {
            if let dictionary = value.dictionary { objects[id] = dictionary }
        }
        let xcodeprojFolder = ScanPaths.directory(of: ScanPaths.directory(of: file))
        let projectFolder = ScanPaths.join(xcodeprojFolder, project["projectDirPath"]?.string ?? "")
        var reader = PBXProjectReader(
            file: file,
            objects: objects,
            objectPositions: objectsDictionary.positions,
            projectFolder: projectFolder
        )
        reader.linkParents()
        return reader.readTargets(project: project)
    }

    private init(
        file: String,
        objects: [String: ASCIIPlistDictionary],
        objectPositions: [String: (line: Int, column: Int)],
        projectFolder: String
    ) {
        self.file = file
        self.objects = objects
        self.objectPositions = objectPositions
        self.projectFolder = projectFolder
    }

    private mutating func linkParents() {
        for (id, object) in objects {
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { parents[childID] = id }
            }
        }
    }

    private func readTargets(project: ASCIIPlistDictionary) -> Result {
        var result = Result()
        let projectSettings = buildSettings(listID: project["buildConfigurationList"]?.string)
        let region = project["developmentRegion"]?.string
        var scanned: [(id: String, target: ScannedTarget, productType: String)] = []
        for targetValue in project["targets"]?.array ?? [] {
            guard let id = targetValue.string, let object = objects[id],
                object["isa"]?.string == "PBXNativeTarget"
            else { continue }
            let name = object["name"]?.string ?? id
            let targetList = object["buildConfigurationList"]?.string
            let targetSettings = buildSettings(listID: targetList)
            var settings = projectSettings
            settings.merge(targetSettings) { $1 }
            let expand = { (value: String) in Self.expand(value, targetName: name) }
            let plist = settings["INFOPLIST_FILE"]?.value.string.map { ScanPaths.join(projectFolder, expand($0)) }
            if let plist { result.referencedPlists.insert(plist) }
            let productType = object["productType"]?.string ?? ""
            let sdk = settings["SDKROOT"]?.value.string ?? ""
            guard let kind = Self.kind(productType: productType, sdk: sdk) else { continue }
            let place = objectPositions[id]
            var target = ScannedTarget(
                name: name,
                kind: kind,
                position: SourcePosition(file: file, line: place?.line ?? 0, column: place?.column ?? 0),
                infoPlistFile: plist,
                projectFolder: projectFolder
            )
            target.info = infoKeys(settings)
            target.developmentRegion = settings["DEVELOPMENT_LANGUAGE"]?.value.string ?? region
            let platform = Self.platform(sdk: sdk, settings: settings, kind: kind)
            let key = platform.deploymentTargetSetting
            target.platform = platform
            target.runsOnMac = platform == .macOS || Self.runsOnMac(settings)
            target.deploymentTarget = targetSettings[key]?.value.string
            target.deploymentTargetFallbacks = [
                baseConfiguration(listID: targetList).map(SettingSource.xcconfig),
                projectSettings[key]?.value.string.map(SettingSource.value),
                baseConfiguration(listID: project["buildConfigurationList"]?.string).map(SettingSource.xcconfig),
            ].compactMap { $0 }
            readPhases(of: object, into: &target)
            readSynchronizedGroups(of: object, id: id, into: &target)
            scanned.append((id, target, productType))
        }
        result.targets = mergeWatchExtensions(scanned)
        return result
    }

    /// Maps a product type (and SDK) to a target kind; `nil` for targets without an app bundle's Info.plist.
    static func kind(productType: String, sdk: String) -> LintTarget.Kind? {
        let type = productType.replacingOccurrences(of: "com.apple.product-type.", with: "")
        if type.hasPrefix("application.watchapp") || type.hasPrefix("watchkit") { return .watchApp }
        if type.hasPrefix("application") { return sdk.hasPrefix("watch") ? .watchApp : .app }
        if type.hasPrefix("app-extension") || type.hasPrefix("extensionkit-extension") {
            return .appExtension
        }
        return nil
    }

    /// Folds each WatchKit extension into the watch app that embeds it (its plist belongs to the watch app).
    private func mergeWatchExtensions(
        _ scanned: [(id: String, target: ScannedTarget, productType: String)]
    ) -> [ScannedTarget] {
        let extensions = scanned.filter { $0.productType.contains("watchkit") && $0.productType.contains("extension") }
        let apps = scanned.filter { $0.productType.contains("watchapp") && !$0.productType.contains("container") }
        var merged = scanned.filter { entry in !extensions.contains { $0.id == entry.id } }.map(\.target)
        for watchExtension in extensions {
            let host =
                apps.first { app in dependencies(of: app.id).contains(watchExtension.id) }
                ?? (apps.count == 1 ? apps.first : nil)
            guard let host, let index = merged.firstIndex(where: { $0.name == host.target.name }) else {
                merged.append(watchExtension.target)
                continue
            }
            let ext = watchExtension.target
            merged[index].info.merge(ext.info) { current, _ in current }
            merged[index].sourceFiles = (merged[index].sourceFiles ?? []) + (ext.sourceFiles ?? [])
            merged[index].sourceFolders += ext.sourceFolders
            merged[index].resourceFiles.formUnion(ext.resourceFiles)
            if merged[index].infoPlistFile == nil { merged[index].infoPlistFile = ext.infoPlistFile }
            merged[index].extraPlists.append(contentsOf: [ext.infoPlistFile].compactMap { $0 })
        }
        return merged
    }

    private func dependencies(of targetID: String) -> [String] {
        (objects[targetID]?["dependencies"]?.array ?? []).compactMap { dependency in
            dependency.string.flatMap { objects[$0]?["target"]?.string }
        }
    }

    private func readPhases(of target: ASCIIPlistDictionary, into scanned: inout ScannedTarget) {
        for phaseValue in target["buildPhases"]?.array ?? [] {
            guard let phaseID = phaseValue.string, let phase = objects[phaseID] else { continue }
            let isa = phase["isa"]?.string
            guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
            var files: [String] = []
            for buildFileValue in phase["files"]?.array ?? [] {
                guard let buildFileID = buildFileValue.string,
                    let referenceID = objects[buildFileID]?["fileRef"]?.string,
                    let reference = objects[referenceID]
                else { continue }
                if reference["isa"]?.string == "PBXVariantGroup" {
                    for child in reference["children"]?.array ?? [] {
                        if let path = child.string.flatMap({ resolvePath(of: $0) }) { files.append(path) }
                    }
                } else if let path = resolvePath(of: referenceID) {
                    files.append(path)
                }
            }
            if isa == "PBXSourcesBuildPhase" {
                scanned.sourceFiles = (scanned.sourceFiles ?? []) + files.filter(ScanPaths.isSourceFile)
            } else {
                scanned.resourceFiles.formUnion(files)
            }
        }
    }

    private func readSynchronizedGroups(
        of target: ASCIIPlistDictionary,
        id: String,
        into scanned: inout ScannedTarget
    ) {
        for groupValue in target["fileSystemSynchronizedGroups"]?.array ?? [] {
            guard let groupID = groupValue.string, let folder = resolvePath(of: groupID) else { continue }
            scanned.sourceFolders.append(folder)
            for exceptionValue in objects[groupID]?["exceptions"]?.array ?? [] {
                guard let exception = exceptionValue.string.flatMap({ objects[$0] }),
                    exception["target"]?.string == id
                else { continue }
                for excluded in exception["membershipExceptions"]?.array ?? [] {
                    if let path = excluded.string { scanned.excludedSources.insert(ScanPaths.join(folder, path)) }
                }
            }
        }
    }

    /// The path of a file or group relative to the root, through the group hierarchy and `sourceTree`.
    func resolvePath(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let path = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else { return ScanPaths.join(projectFolder, path) }
            return resolvePath(of: parent, depth: depth + 1).map { ScanPaths.join($0, path) }
        case "SOURCE_ROOT":
            return ScanPaths.join(projectFolder, path)
        default:
            return nil
        }
    }

    /// Expands `$(SRCROOT)`, `$(PROJECT_DIR)` and `$(TARGET_NAME)` in a path setting.
    static func expand(_ value: String, targetName: String) -> String {
        var result = value
        let rooted = ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"].contains { value.hasPrefix("$(\($0))") }
        for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            result = result.replacingOccurrences(of: "$(\(variable))", with: "")
                .replacingOccurrences(of: "${\(variable)}", with: "")
        }
        for variable in ["TARGET_NAME", "PRODUCT_NAME"] {
            result = result.replacingOccurrences(of: "$(\(variable))", with: targetName)
                .replacingOccurrences(of: "${\(variable)}", with: targetName)
        }
        return rooted && result.hasPrefix("/") ? String(result.dropFirst()) : result
    }
}
