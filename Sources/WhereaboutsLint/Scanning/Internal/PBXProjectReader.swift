import Foundation

/// Reads the targets of an Xcode `project.pbxproj`.
struct PBXProjectReader {
    /// What one project file gave.
    struct Result {
        var targets: [ScannedTarget] = []
        /// Every `INFOPLIST_FILE` of every target (tests and frameworks too), relative to the root.
        var referencedPlists: Set<String> = []
        var problem: LintFinding?
        /// What could not be resolved (a dangling reference, an object ID written twice), as notes.
        var notes: [LintFinding] = []
        /// The framework and library targets, with the code of what they link in this project, for apps of
        /// other projects in the folder that link them (a project reference or a workspace).
        var libraries: [Library] = []
    }

    /// A framework or library target other projects can link.
    struct Library {
        /// The target's name.
        var name: String
        /// The file name of its product, e.g. `Kit.framework`.
        var product: String
        /// The target, with the code of the libraries it links in its own project.
        var target: ScannedTarget
    }

    let file: String
    /// The `objects` table, by identifier and by slot.
    let objects: PBXObjectTable
    let projectFolder: String
    /// Objects whose identifier is written more than once: the earlier definitions (the last is in `objects`).
    var alternates: [String: [ASCIIPlistDictionary]] = [:]
    /// The slot of each object's group (the one whose `children` lists it), by the object's slot; -1 for none.
    private var parents: [Int32] = []

    /// Parses the text of the pbxproj at `file` (relative to the root) and reads its targets.
    static func read(text: String, file: String) -> Result {
        read(bytes: Array(text.utf8), file: file)
    }

    /// Parses the UTF-8 bytes of the pbxproj at `file` (relative to the root) and reads its targets.
    ///
    /// The bytes are the only copy of the file: the parser reads them where they are, and they are released once
    /// the document is parsed, before the targets are read from it.
    static func read(bytes: consuming [UInt8], file: String) -> Result {
        switch parse(consume bytes, file: file) {
        case .document(let document): return read(document: document, file: file)
        case .problem(let problem): return Result(problem: problem)
        }
    }

    /// What parsing a project file gave.
    private enum Parsed {
        /// The document.
        case document(ASCIIPlistValue)
        /// The parse error, at its line and column.
        case problem(LintFinding)
    }

    /// The document, or the problem that stops it: a parse error at its line and column.
    private static func parse(_ bytes: consuming [UInt8], file: String) -> Parsed {
        var parser = ASCIIPlistParser(bytes: consume bytes)
        let document: ASCIIPlistValue
        do {
            document = try parser.parseDocument()
        } catch {
            let lineText = parser.text(ofLine: error.line)
            let conflict = ["<<<<<<<", "=======", ">>>>>>>"].contains { lineText.hasPrefix($0) }
            let advice =
                conflict
                ? "it contains a merge conflict marker; resolve the conflict and keep one side"
                : "\(error.message); restore it from version control or let Xcode rewrite it"
            return .problem(
                ScanProblem.finding(
                    at: SourcePosition(file: file, line: error.line, column: error.column),
                    "cannot be parsed: \(advice)"
                )
            )
        }
        return .document(document)
    }

    /// Reads the targets of a parsed project file.
    private static func read(document: ASCIIPlistValue, file: String) -> Result {
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
        let xcodeprojFolder = ScanPaths.directory(of: ScanPaths.directory(of: file))
        let projectFolder = ScanPaths.join(xcodeprojFolder, project["projectDirPath"]?.string ?? "")
        var reader = PBXProjectReader(
            file: file,
            objects: PBXObjectTable(table: objectsDictionary),
            projectFolder: projectFolder
        )
        var notes: [LintFinding] = []
        for entry in objectsDictionary.overwritten {
            guard let earlier = entry.value.dictionary else { continue }
            // The same object written twice (a merge that kept both copies) is harmless; two objects are not.
            if let later = objectsDictionary[entry.key], later.hasSameContent(as: entry.value) { continue }
            reader.alternates[entry.key, default: []].append(earlier)
            let laterLine = objectsDictionary.position(of: entry.key)?.line ?? 0
            notes.append(
                ScanProblem.note(
                    at: SourcePosition(file: file, line: entry.line, column: entry.column),
                    "object ID \(entry.key) is written twice in \(ScanPaths.lastComponent(of: file)) (lines "
                        + "\(entry.line) and \(laterLine)), as a bad merge leaves it; the linter reads both objects, "
                        + "but Xcode keeps only one: give one of them a new ID or restore the file"
                )
            )
        }
        reader.linkParents()
        var result = reader.readTargets(project: project)
        result.notes = notes + result.notes
        return result
    }

    private init(file: String, objects: PBXObjectTable, projectFolder: String) {
        self.file = file
        self.objects = objects
        self.projectFolder = projectFolder
    }

    private mutating func linkParents() {
        var parents = [Int32](repeating: -1, count: objects.slotCount)
        objects.forEachObject { slot, object in
            for child in object["children"]?.array ?? [] {
                if let childSlot = objects.slot(ofID: child) { parents[childSlot] = Int32(slot) }
            }
        }
        for (id, earlier) in alternates {
            guard let slot = objects.slot(of: id) else { continue }
            for object in earlier {
                for child in object["children"]?.array ?? [] {
                    if let childSlot = objects.slot(ofID: child), parents[childSlot] < 0 {
                        parents[childSlot] = Int32(slot)
                    }
                }
            }
        }
        self.parents = parents
    }

    /// Every object written with this identifier: the last definition first, then any earlier ones.
    func definitions(of id: String) -> [ASCIIPlistDictionary] {
        (objects[id].map { [$0] } ?? []) + (alternates[id] ?? [])
    }

    /// The position of an object's identifier in the file.
    func position(of id: String) -> SourcePosition {
        let place = objects.table.position(of: id)
        return SourcePosition(file: file, line: place?.line ?? 0, column: place?.column ?? 0)
    }

    private func readTargets(project: ASCIIPlistDictionary) -> Result {
        var result = Result()
        let projectSettings = buildSettings(listID: project["buildConfigurationList"]?.string)
        let region = project["developmentRegion"]?.string
        var scanned: [(id: String, target: ScannedTarget, productType: String)] = []
        // Every native target's code (apps, frameworks, libraries), by ID, and the targets each one links.
        var code: [String: ScannedTarget] = [:]
        var libraries: Set<String> = []
        var linked: [String: [String]] = [:]
        let products = productOwners()
        for targetValue in project["targets"]?.array ?? [] {
            guard let id = targetValue.string else { continue }
            let candidates = definitions(of: id)
            guard let object = candidates.first(where: { $0["isa"]?.string?.hasSuffix("Target") == true }) else {
                result.notes.append(
                    ScanProblem.note(
                        at: position(of: id),
                        "the project lists target \(id), but no target object has that ID; it was not checked"
                    )
                )
                continue
            }
            guard object["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = object["name"]?.string ?? id
            let targetList = object["buildConfigurationList"]?.string
            let listID = targetList
            let targetSettings = buildSettings(listID: targetList)
            var settings = projectSettings
            settings.merge(targetSettings) { $1 }
            let expand = { (value: String) in Self.expand(value, targetName: name) }
            // A plist named only in another configuration (Debug) is still the target's.
            let plistSetting = settings["INFOPLIST_FILE"] ?? anyConfigurationSetting("INFOPLIST_FILE", listID: listID)
            let plist = plistSetting?.value.string.map { ScanPaths.join(projectFolder, expand($0)) }
            if let plist { result.referencedPlists.insert(plist) }
            result.referencedPlists.formUnion(
                allConfigurationValues("INFOPLIST_FILE", listID: listID).map {
                    ScanPaths.join(projectFolder, expand($0))
                }
            )
            let productType = object["productType"]?.string ?? ""
            let sdk = settings["SDKROOT"]?.value.string ?? ""
            let kind = Self.kind(productType: productType, sdk: sdk)
            var target = ScannedTarget(
                name: name,
                kind: kind ?? .unknown,
                position: position(of: id),
                infoPlistFile: plist,
                projectFolder: projectFolder
            )
            target.info = infoKeys(settings)
            target.developmentRegion = settings["DEVELOPMENT_LANGUAGE"]?.value.string ?? region
            let platform = Self.platform(sdk: sdk, settings: settings, kind: kind ?? .unknown)
            let key = platform.deploymentTargetSetting
            target.platform = platform
            target.runsOnMac = platform == .macOS || Self.runsOnMac(settings)
            target.deploymentTarget = targetSettings[key]?.value.string
            target.deploymentTargetFallbacks = [
                baseConfiguration(listID: targetList).map(SettingSource.xcconfig),
                projectSettings[key]?.value.string.map(SettingSource.value),
                baseConfiguration(listID: project["buildConfigurationList"]?.string).map(SettingSource.xcconfig),
            ].compactMap { $0 }
            readPhases(of: object, into: &target, notes: &result.notes)
            readSynchronizedGroups(of: object, id: id, into: &target)
            readPackages(of: object, into: &target, notes: &result.notes)
            linked[id] = linkedTargets(of: object, into: &target, products: products, notes: &result.notes)
            code[id] = target
            if kind != nil {
                scanned.append((id, target, productType))
            } else if !productType.contains("test") {
                libraries.insert(id)
            }
        }
        // A framework or library's code runs in every app that links or embeds it, directly or through others.
        for index in scanned.indices where scanned[index].target.takesLinkedCode {
            var seen: Set<String> = [scanned[index].id]
            var queue = linked[scanned[index].id] ?? []
            while let next = queue.popLast() {
                guard seen.insert(next).inserted, libraries.contains(next), let library = code[next] else { continue }
                scanned[index].target.link(library)
                queue += linked[next] ?? []
            }
        }
        for id in libraries.sorted() {
            guard var library = code[id] else { continue }
            var seen: Set<String> = [id]
            var queue = linked[id] ?? []
            while let next = queue.popLast() {
                guard seen.insert(next).inserted, libraries.contains(next), let linkedCode = code[next] else {
                    continue
                }
                library.link(linkedCode)
                queue += linked[next] ?? []
            }
            let productID = objects[id]?["productReference"]?.string
            let product = productID.flatMap { objects[$0]?["path"]?.string } ?? "\(library.name).framework"
            result.libraries.append(Library(name: library.name, product: product, target: library))
        }
        result.targets = mergeWatchExtensions(scanned, linked: linked)
        return result
    }

    /// Product file reference ID → the ID of the target that builds it.
    private func productOwners() -> [String: String] {
        var owners: [String: String] = [:]
        objects.forEachObject { slot, object in
            guard object["isa"]?.isString("PBXNativeTarget") == true,
                let product = object["productReference"]?.string
            else { return }
            owners[product] = objects.id(atSlot: slot)
        }
        return owners
    }

    /// The targets a target depends on, links or embeds: its target dependencies, and the products of other
    /// targets in its frameworks and copy-files (embed) phases.
    private func linkedTargets(
        of target: ASCIIPlistDictionary,
        into scanned: inout ScannedTarget,
        products: [String: String],
        notes: inout [LintFinding]
    ) -> [String] {
        let name = scanned.name
        var result: [String] = []
        for dependencyValue in target["dependencies"]?.array ?? [] {
            guard let dependencyID = dependencyValue.string else { continue }
            let dependency = definitions(of: dependencyID).first { $0["isa"]?.string == "PBXTargetDependency" }
            if let targetID = dependency?["target"]?.string {
                result.append(targetID)
            } else if let proxyID = dependency?["targetProxy"]?.string, let proxy = objects[proxyID],
                let remote = proxy["remoteGlobalIDString"]?.string, objects[remote] != nil
            {
                result.append(remote)
            } else if let proxyID = dependency?["targetProxy"]?.string, let proxy = objects[proxyID],
                let portal = proxy["containerPortal"]?.string,
                objects[portal]?["path"]?.string?.hasSuffix(".xcodeproj") == true,
                let remoteName = proxy["remoteInfo"]?.string
            {
                // A target of another project this one references: found among the folder's projects later.
                let project =
                    resolvePath(of: portal) ?? ScanPaths.join(projectFolder, objects[portal]?["path"]?.string ?? "")
                scanned.foreignTargets.append(ForeignTarget(project: project, name: remoteName))
            } else if dependency == nil || dependency?["productRef"] == nil {
                // Another project's target (a proxy into a nested .xcodeproj) or a dangling ID.
                notes.append(
                    ScanProblem.note(
                        at: position(of: dependencyID),
                        "target \(name) depends on something the linter cannot follow (another project's target, "
                            + "or a missing object); its code was not checked as part of \(name)",
                        target: name
                    )
                )
            }
        }
        for phaseValue in target["buildPhases"]?.array ?? [] {
            guard let phaseID = phaseValue.string else { continue }
            for phase in definitions(of: phaseID) {
                let isa = phase["isa"]?.string
                guard isa == "PBXFrameworksBuildPhase" || isa == "PBXCopyFilesBuildPhase" else { continue }
                for buildFileValue in phase["files"]?.array ?? [] {
                    guard let buildFileID = buildFileValue.string,
                        let referenceID = objects[buildFileID]?["fileRef"]?.string
                    else { continue }
                    if let owner = products[referenceID] {
                        result.append(owner)
                    } else if let reference = objects[referenceID],
                        reference["isa"]?.string == "PBXReferenceProxy"
                            || reference["sourceTree"]?.string == "BUILT_PRODUCTS_DIR",
                        let path = reference["path"]?.string
                    {
                        // A product built by another project (a project reference, or a workspace's sibling).
                        scanned.foreignProducts.append(ScanPaths.lastComponent(of: path))
                    }
                }
            }
        }
        return result
    }

    /// The Swift package products a target links: local packages by folder, others by product name.
    private func readPackages(
        of target: ASCIIPlistDictionary,
        into scanned: inout ScannedTarget,
        notes: inout [LintFinding]
    ) {
        for dependencyValue in target["packageProductDependencies"]?.array ?? [] {
            guard let dependencyID = dependencyValue.string, let dependency = objects[dependencyID] else { continue }
            let product = dependency["productName"]?.string ?? ""
            if let packageID = dependency["package"]?.string, let package = objects[packageID] {
                guard package["isa"]?.string == "XCLocalSwiftPackageReference" else { continue }
                let path = package["relativePath"]?.string ?? package["path"]?.string ?? ""
                let folder = ScanPaths.join(projectFolder, path)
                scanned.packageFolders.append(folder)
                if !product.isEmpty { scanned.packageFolderProducts[folder, default: []].append(product) }
            } else if !product.isEmpty {
                scanned.packageProducts.append(product)
            }
        }
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
        _ scanned: [(id: String, target: ScannedTarget, productType: String)],
        linked: [String: [String]]
    ) -> [ScannedTarget] {
        let extensions = scanned.filter { $0.productType.contains("watchkit") && $0.productType.contains("extension") }
        let apps = scanned.filter { $0.productType.contains("watchapp") && !$0.productType.contains("container") }
        var merged = scanned.filter { entry in !extensions.contains { $0.id == entry.id } }.map(\.target)
        for watchExtension in extensions {
            let host =
                apps.first { app in (linked[app.id] ?? []).contains(watchExtension.id) }
                ?? (apps.count == 1 ? apps.first : nil)
            guard let host, let index = merged.firstIndex(where: { $0.name == host.target.name }) else {
                merged.append(watchExtension.target)
                continue
            }
            let ext = watchExtension.target
            merged[index].info.merge(ext.info) { current, _ in current }
            merged[index].link(ext, asOwnCode: true)
            if merged[index].sourceFiles == nil { merged[index].sourceFiles = [] }
            merged[index].filePositions.merge(ext.filePositions) { current, _ in current }
            merged[index].resourceFiles.formUnion(ext.resourceFiles)
            if merged[index].infoPlistFile == nil { merged[index].infoPlistFile = ext.infoPlistFile }
            merged[index].extraPlists.append(contentsOf: [ext.infoPlistFile].compactMap { $0 })
        }
        return merged
    }

    private func readPhases(
        of target: ASCIIPlistDictionary,
        into scanned: inout ScannedTarget,
        notes: inout [LintFinding]
    ) {
        for phaseValue in target["buildPhases"]?.array ?? [] {
            guard let phaseID = phaseValue.string else { continue }
            for phase in definitions(of: phaseID) {
                let isa = phase["isa"]?.string
                guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
                let buildFiles = phase["files"]?.array ?? []
                var files: [String] = []
                // Sized once: a dictionary or array of a large target grown by doubling leaves its smaller copies
                // behind as freed memory the process keeps.
                files.reserveCapacity(buildFiles.count)
                if isa == "PBXSourcesBuildPhase" {
                    scanned.filePositions.reserveCapacity(scanned.filePositions.count + buildFiles.count)
                }
                for buildFileValue in buildFiles {
                    guard let buildFileID = buildFileValue.string else { continue }
                    let buildFile = definitions(of: buildFileID).first { $0["fileRef"] != nil }
                    guard let referenceID = buildFile?["fileRef"]?.string,
                        let reference = definitions(of: referenceID).first
                    else {
                        if isa == "PBXSourcesBuildPhase", buildFile?["productRef"] == nil {
                            notes.append(unresolved(buildFileID, in: scanned.name))
                        }
                        continue
                    }
                    if reference["isa"]?.string == "PBXVariantGroup" {
                        for child in reference["children"]?.array ?? [] {
                            if let path = child.string.flatMap({ resolvePath(of: $0) }) { files.append(path) }
                        }
                    } else if let path = resolvePath(of: referenceID) {
                        files.append(path)
                        scanned.filePositions[path] = position(of: referenceID)
                    } else if isa == "PBXSourcesBuildPhase" {
                        notes.append(unresolved(referenceID, in: scanned.name))
                    }
                }
                if isa == "PBXSourcesBuildPhase" {
                    scanned.sourceFiles = (scanned.sourceFiles ?? []) + files.filter(ScanPaths.isSourceFile)
                    scanned.namesCode = scanned.namesCode || !buildFiles.isEmpty
                } else {
                    scanned.resourceFiles.formUnion(files)
                }
            }
        }
    }

    /// A note about a build file or file reference whose path cannot be worked out.
    private func unresolved(_ id: String, in target: String) -> LintFinding {
        ScanProblem.note(
            at: position(of: id),
            "a source file of target \(target) (object \(id)) has no path the linter can resolve (a missing object, "
                + "or a path relative to a build setting); it was not checked",
            target: target
        )
    }

    private func readSynchronizedGroups(
        of target: ASCIIPlistDictionary,
        id: String,
        into scanned: inout ScannedTarget
    ) {
        for groupValue in target["fileSystemSynchronizedGroups"]?.array ?? [] {
            guard let groupID = groupValue.string, let folder = resolvePath(of: groupID) else { continue }
            scanned.sourceFolders.append(folder)
            scanned.namesCode = true
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
    func resolvePath(of id: String) -> String? {
        objects.slot(of: id).flatMap { resolvePath(ofSlot: $0, depth: 0) }
    }

    private func resolvePath(ofSlot slot: Int, depth: Int) -> String? {
        guard depth < 64, let object = objects.object(atSlot: slot) else { return nil }
        let path = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            let parent = Int(parents[slot])
            guard parent >= 0 else { return ScanPaths.join(projectFolder, path) }
            return resolvePath(ofSlot: parent, depth: depth + 1).map { ScanPaths.join($0, path) }
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
