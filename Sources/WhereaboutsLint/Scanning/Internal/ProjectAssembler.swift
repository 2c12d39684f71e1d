import Foundation
import Whereabouts

/// Turns the files a walk found into targets: reads project files, plists and localizations, and assigns
/// source files.
struct ProjectAssembler {
    let root: URL
    var inventory: FileInventory
    private var problems: [LintFinding] = []
    private var plistCache: [String: [String: DeclaredValue]?] = [:]
    /// Each listed file's path → the same path as spelled on disk (see ``onDisk(_:)``).
    private var spellings: [String: String] = [:]
    /// Package folder → the source files of its library targets.
    private var packageSources: [String: [String]] = [:]
    /// The text of each `Package.swift` in the folder, read on first use.
    private var manifestTexts: [String: String]?
    /// Each `Package.swift` parsed for its products and targets, on first use.
    private var manifests: [String: PackageManifestReader?] = [:]
    /// The local pods of the folder's Podfiles (see ``localPods``).
    private var podfilePods: [(folder: String, pod: PodfileReader.LocalPod)]?
    /// The unreadable `.xcconfig` files already noted.
    private var notedXCConfigs: Set<String> = []

    init(root: URL, inventory: FileInventory) {
        self.root = root
        self.inventory = inventory
        problems = inventory.problems
    }

    mutating func assemble() -> LintProject {
        var scanned: [ScannedTarget] = []
        // Projects and manifests that were read; when there is one, only the plists its targets name count.
        var readProjects = 0
        var unreadProjects: [String] = []
        var libraries: [PBXProjectReader.Library] = []
        for file in inventory.pbxprojs.sorted() {
            // Read as bytes, the parser's only copy: a project file can be tens of megabytes.
            guard let bytes = ProjectFileBytes.read(root.appending(path: file).path) else {
                problems.append(ScanProblem.finding(at: SourcePosition(file: file), Self.unreadableText))
                unreadProjects.append(file)
                continue
            }
            let result = PBXProjectReader.read(bytes: consume bytes, file: file)
            problems += result.notes
            if let problem = result.problem {
                problems.append(problem)
                unreadProjects.append(file)
            } else {
                readProjects += 1
            }
            scanned += result.targets
            libraries += result.libraries
        }
        linkForeignLibraries(libraries, into: &scanned)
        let xcodeTargets = scanned
        func isDuplicate(_ target: ScannedTarget) -> Bool {
            xcodeTargets.contains { $0.name == target.name && $0.projectFolder == target.projectFolder }
        }
        let included = includedSpecs
        for file in inventory.xcodeGenSpecs.sorted() where !included.contains(file) {
            guard let text = readText(file) else {
                unreadProjects.append(file)
                continue
            }
            let result = XcodeGenReader.read(text: text, file: file, root: root)
            problems += result.notes
            if let problem = result.problem {
                problems.append(problem)
                unreadProjects.append(file)
            } else if !result.targets.isEmpty {
                readProjects += 1
            }
            scanned += result.targets.filter { !isDuplicate($0) }
        }
        var tuistManifests: [String] = []
        for file in inventory.tuistManifests.sorted() {
            guard let text = readText(file) else { continue }
            guard text.contains("ProjectDescription") else {
                inventory.sources.append(file)
                continue
            }
            tuistManifests.append(file)
            readProjects += 1
            scanned += TuistReader.read(text: text, file: file).filter { !isDuplicate($0) }
        }
        if readProjects == 0 {
            scanned += looseTargets()
        }
        let sourceSet = Set(inventory.sources)
        spellings = Dictionary(
            (inventory.sources + inventory.plists + inventory.localizations).map { ($0, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        var notChecked: [String] = unreadProjects.map { "\($0) (unreadable)" }
        var targets: [LintTarget] = []
        var judged: [ScannedTarget] = []
        for target in scanned {
            let (made, checked) = lintTarget(from: target, sources: sourceSet)
            if Self.isTestHost(made) {
                problems.append(
                    ScanProblem.note(
                        at: target.position,
                        "target \(target.name) is a test host that declares no location key: it only runs tests and "
                            + "is not shipped, so the code it links is judged in the apps that ship it, not here",
                        target: target.name
                    )
                )
                continue
            }
            if !checked { notChecked.append(target.name) }
            targets.append(made)
            judged.append(target)
        }
        attributeLocalizations(to: &targets, scanned: judged)
        let packageOnly =
            !inventory.packageManifests.isEmpty && targets.isEmpty
            && inventory.xcodeGenSpecs.isEmpty && tuistManifests.isEmpty
            // A project or plist that could not be read is reported as such, not as "no app bundle".
            && unreadProjects.isEmpty && !problems.contains { $0.severity != .info }
            && inventory.unreadableFolders.isEmpty
        var project = LintProject(
            targets: targets.sorted { ($0.position, $0.name) < ($1.position, $1.name) },
            isSwiftPackageOnly: packageOnly,
            problems: problems.sorted { ($0.position, $0.message) < ($1.position, $1.message) },
            notChecked: notChecked.sorted()
        )
        project.unreadableFolders = inventory.unreadableFolders.sorted()
        project.rootUnreadable = inventory.rootUnreadable
        return project
    }

    /// Gives apps the code of the framework and library targets of other projects in the folder that they link
    /// (by product file name) or depend on (by target name); a named target found nowhere is a note.
    private mutating func linkForeignLibraries(
        _ libraries: [PBXProjectReader.Library],
        into scanned: inout [ScannedTarget]
    ) {
        var byProduct: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, library) in libraries.enumerated() {
            if byProduct[library.product] == nil { byProduct[library.product] = index }
            if byName[library.target.name] == nil { byName[library.target.name] = index }
        }
        for index in scanned.indices where scanned[index].takesLinkedCode {
            var linked: Set<Int> = []
            let ownProject = scanned[index].position.file
            for product in scanned[index].foreignProducts {
                // A product no project here builds (CocoaPods', Carthage's) is outside the folder: nothing to add;
                // one the app's own project builds under another reference is not another project's.
                if let found = byProduct[product], libraries[found].target.position.file != ownProject {
                    linked.insert(found)
                }
            }
            for foreign in scanned[index].foreignTargets {
                let name = foreign.name
                if let found = byName[name] {
                    linked.insert(found)
                } else if let found = byProduct["\(name).framework"] {
                    linked.insert(found)
                } else if !inventory.pbxprojs.contains(ScanPaths.join(foreign.project, "project.pbxproj")) {
                    problems.append(
                        ScanProblem.note(
                            at: scanned[index].position,
                            "target \(scanned[index].name) depends on target \(name) of \(foreign.project), which is not "
                                + "in the folder; its code was not checked as part of \(scanned[index].name)",
                            target: scanned[index].name
                        )
                    )
                }
            }
            for found in linked.sorted() { scanned[index].link(libraries[found].target) }
        }
    }

    /// Whether a target is an app that only hosts tests (named `…TestHost`, as XcodeGen and Xcode templates name
    /// one) and declares no location key: it is never shipped, and linked library code would make it ask for
    /// keys no user sees.
    static func isTestHost(_ target: LintTarget) -> Bool {
        let name = target.name.lowercased()
        guard name.hasSuffix("testhost") || name.hasSuffix("testshost") || name.hasSuffix("testhostapp") else {
            return false
        }
        if case .array(let modes)? = target.info["UIBackgroundModes"]?.value, modes.contains("location") {
            return false
        }
        return !target.info.keys.contains { $0.hasPrefix("NSLocation") }
    }

    /// With no project or manifest to read, each Info.plist (but a localized copy) stands for a target that
    /// owns the sources under its folder.
    private mutating func looseTargets() -> [ScannedTarget] {
        var targets: [ScannedTarget] = []
        for plist in inventory.plists.sorted() where !ScanPaths.directory(of: plist).hasSuffix(".lproj") {
            guard read(plist: plist) != nil else { continue }
            let folder = ScanPaths.directory(of: plist)
            let name = folder.isEmpty ? root.standardizedFileURL.lastPathComponent : ScanPaths.lastComponent(of: folder)
            var target = ScannedTarget(
                name: name,
                kind: .unknown,
                position: SourcePosition(file: plist),
                infoPlistFile: plist,
                projectFolder: folder
            )
            target.sourceFolders = [folder]
            targets.append(target)
        }
        return targets
    }

    /// XcodeGen specs another spec includes: read as part of it, not on their own.
    private var includedSpecs: Set<String> {
        var included: Set<String> = []
        for file in inventory.xcodeGenSpecs {
            guard let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8) else { continue }
            included.formUnion(XcodeGenReader.includes(in: text, file: file, root: root))
        }
        return included
    }

    /// The spelling on disk of a path a project names: a project may write a name decomposed (NFD, as macOS
    /// file systems did) while the checkout holds it composed (NFC), or the other way round. Swift compares
    /// strings by canonical equivalence, so the lookup finds either form.
    private func onDisk(_ path: String) -> String {
        spellings[path] ?? path
    }

    /// What a problem says about a project file that cannot be read as text.
    static let unreadableText = "cannot be read as text; check its permissions and encoding (UTF-8)"

    private mutating func readText(_ file: String) -> String? {
        guard let data = try? Data(contentsOf: root.appending(path: file)), let text = LocalizationReader.decode(data)
        else {
            problems.append(ScanProblem.finding(at: SourcePosition(file: file), Self.unreadableText))
            return nil
        }
        return text
    }

    /// Reads a plist once; `nil` (and one problem) when it cannot be read.
    private mutating func read(plist named: String) -> [String: DeclaredValue]? {
        let plist = onDisk(named)
        if let cached = plistCache[plist] { return cached }
        let result = InfoPlistReader.read(plist, root: root)
        if let problem = result.problem { problems.append(problem) }
        let info = result.problem == nil ? result.info : nil
        plistCache[plist] = info
        return info
    }

    /// The target with its plists read and its files assigned, and whether anything of it could be checked.
    private mutating func lintTarget(from scanned: ScannedTarget, sources: Set<String>) -> (LintTarget, Bool) {
        var info: [String: DeclaredValue] = [:]
        var plistRead = true
        for plist in [scanned.infoPlistFile].compactMap({ $0 }) + scanned.extraPlists {
            // XcodeGen writes `info.path` itself; before the first `xcodegen` run it does not exist yet.
            let exists = FileManager.default.fileExists(atPath: root.appending(path: onDisk(plist)).path)
            if scanned.infoOverridesPlist, !exists { continue }
            guard let keys = read(plist: plist) else {
                plistRead = false
                continue
            }
            info.merge(keys) { current, _ in current }
        }
        info.merge(scanned.info) { fromPlist, fromProject in scanned.infoOverridesPlist ? fromProject : fromPlist }
        var region = scanned.developmentRegion
        if case .string(let declared)? = info["CFBundleDevelopmentRegion"]?.value, !declared.contains("$") {
            region = declared
        }
        let (files, linked, allFound) = sourceFiles(of: scanned, sources: sources)
        var target = LintTarget(
            name: scanned.name,
            kind: scanned.kind,
            info: info,
            developmentRegion: region,
            sourceFiles: files,
            deploymentTarget: scanned.deploymentTarget ?? fallbackDeploymentTarget(of: scanned),
            platform: scanned.platform ?? (scanned.kind == .watchApp ? .watchOS : .iOS),
            runsOnMac: scanned.runsOnMac,
            position: scanned.position
        )
        target.linkedSourceFiles = linked
        // What could not be read is not judged: its keys, or the uses its code may hold.
        target.declarationsComplete = plistRead
        target.codeComplete = allFound
        return (target, plistRead && (files.isEmpty ? !scanned.namesCode : true))
    }

    /// The deployment target from the project's settings or an `.xcconfig` file, when the target sets none.
    private mutating func fallbackDeploymentTarget(of scanned: ScannedTarget) -> String? {
        let key = (scanned.platform ?? .iOS).deploymentTargetSetting
        let root = self.root
        let reader = XCConfigReader { file in
            (try? Data(contentsOf: root.appending(path: file))).flatMap(LocalizationReader.decode)
        }
        var found: String?
        for source in scanned.deploymentTargetFallbacks where found == nil {
            switch source {
            case .value(let value): found = value
            case .xcconfig(let file):
                found = reader.value(of: key, in: file)
                if found == nil { noteUnreadableXCConfig(file, of: scanned) }
            }
        }
        return found
    }

    /// One note for an `.xcconfig` a project names that cannot be read: settings in it (the deployment target)
    /// were not read. CocoaPods' generated ones under `Pods/` are not committed, so their absence is normal and
    /// stays quiet.
    private mutating func noteUnreadableXCConfig(_ file: String, of scanned: ScannedTarget) {
        guard !file.split(separator: "/").contains("Pods"), !notedXCConfigs.contains(file),
            (try? Data(contentsOf: root.appending(path: file))) == nil
        else { return }
        notedXCConfigs.insert(file)
        problems.append(
            ScanProblem.note(
                at: scanned.position,
                "\(file), the .xcconfig file target \(scanned.name) is based on, cannot be read; its settings (such as "
                    + "the deployment target) were not read: restore the file or fix its path in the project",
                target: scanned.name
            )
        )
    }

    /// The target's sources: the files it lists, every file under its source folders, and the code of the
    /// local packages it links; when it lists none and has no source folders, the files under its Info.plist's
    /// folder. Listed files missing from the folder give one note.
    ///
    /// - Returns: All the files, those of them only linked code brings (frameworks, packages, pods), and whether
    ///   every file was found: no listed file is missing, and no folder that could not be listed may hold its code.
    private mutating func sourceFiles(
        of target: ScannedTarget,
        sources: Set<String>
    ) -> (all: [String], linked: Set<String>, allFound: Bool) {
        var files: Set<String> = []
        var own: Set<String> = []
        var missing: [String] = []
        for file in target.sourceFiles ?? [] {
            if sources.contains(file) {
                files.insert(onDisk(file))
                if !target.linkedSourceFiles.contains(file) { own.insert(onDisk(file)) }
            } else if !FileManager.default.fileExists(atPath: root.appending(path: file).path) {
                // A file on disk but not listed was skipped on purpose (a vendored or excluded folder).
                missing.append(file)
            }
        }
        if let first = missing.first {
            let count = missing.count
            problems.append(
                ScanProblem.note(
                    at: target.filePositions[first] ?? target.position,
                    "\(count) source file\(count == 1 ? "" : "s") of target \(target.name) "
                        + "\(count == 1 ? "is" : "are") not in the folder (first: \(first)); "
                        + "\(count == 1 ? "it was" : "they were") not checked",
                    target: target.name
                )
            )
        }
        var folders = target.sourceFolders
        if target.sourceFiles == nil, folders.isEmpty, target.packageFolders.isEmpty,
            target.packageProducts.isEmpty, let plist = target.infoPlistFile
        {
            folders = [ScanPaths.directory(of: plist)]
        }
        for folder in folders {
            let inside = sources.filter { ScanPaths.isInside($0, folder: folder) }
            files.formUnion(inside)
            if !target.linkedSourceFolders.contains(folder) { own.formUnion(inside) }
        }
        if target.takesLinkedCode {
            for package in target.packageFolders {
                let products = target.packageFolderProducts[package] ?? []
                files.formUnion(code(ofPackageAt: package, products: products, sources: sources))
            }
            for product in target.packageProducts {
                for package in packageFolders(declaring: product) {
                    files.formUnion(code(ofPackageAt: package, products: [product], sources: sources))
                }
            }
            for (podfileFolder, pod) in localPods where ScanPaths.isInside(target.projectFolder, folder: podfileFolder)
            {
                guard pod.targets.isEmpty || pod.targets.contains(target.name) else { continue }
                files.formUnion(code(ofPod: pod, podfileFolder: podfileFolder, sources: sources))
            }
        }
        files.subtract(target.excludedSources)
        let territory = folders + target.packageFolders
        let blind = inventory.unreadableFolders.contains { unread in
            territory.contains { ScanPaths.isInside(unread, folder: $0) || ScanPaths.isInside($0, folder: unread) }
        }
        return (files.sorted(), files.subtracting(own), missing.isEmpty && !blind)
    }

    /// The code of `products` of the Swift package in `folder`: the folders of their targets (and the local
    /// targets those use) as its `Package.swift` declares them; when it names none of them, its library code.
    private mutating func code(ofPackageAt folder: String, products: [String], sources: Set<String>) -> [String] {
        let manifest = ScanPaths.join(folder, "Package.swift")
        var targetFolders: [String] = []
        for product in products {
            targetFolders += manifestReader(manifest)?.folders(ofProduct: product) ?? []
        }
        guard !targetFolders.isEmpty else { return code(ofPackageAt: folder, sources: sources) }
        let key = ([folder] + targetFolders.sorted()).joined(separator: "\n")
        if let known = packageSources[key] { return known }
        let paths = Set(targetFolders).map { ScanPaths.join(folder, $0) }
        let code = sources.filter { file in paths.contains { ScanPaths.isInside(file, folder: $0) } }.sorted()
        packageSources[key] = code
        return code
    }

    /// The local pods of every `Podfile` in the folder, with the Podfile's folder, read on first use.
    private var localPods: [(folder: String, pod: PodfileReader.LocalPod)] {
        mutating get {
            if let known = podfilePods { return known }
            var pods: [(folder: String, pod: PodfileReader.LocalPod)] = []
            for file in inventory.podfiles.sorted() {
                guard let text = readText(file) else { continue }
                pods += PodfileReader.localPods(text: text, file: file).map { (ScanPaths.directory(of: file), $0) }
            }
            podfilePods = pods
            return pods
        }
    }

    /// The code of a local pod: the files its podspec's `source_files` name; without a podspec that names any,
    /// the source files in its folder but those of the app beside the Podfile, tests and examples.
    private mutating func code(
        ofPod pod: PodfileReader.LocalPod,
        podfileFolder: String,
        sources: Set<String>
    )
        -> [String]
    {
        let key = "pod\n\(pod.folder)\n\(pod.name)"
        if let known = packageSources[key] { return known }
        let specs = inventory.podspecs.filter { ScanPaths.directory(of: $0) == pod.folder }.sorted()
        let spec = specs.first { ScanPaths.lastComponent(of: $0) == "\(pod.name).podspec" } ?? specs.first
        let patterns = (spec.flatMap { readText($0) }.map(PodfileReader.sourcePatterns(podspec:)) ?? [])
            .map { ScanPaths.join(pod.folder, $0) }
        let inside = sources.filter { ScanPaths.isInside($0, folder: pod.folder) }
        let code: [String]
        if patterns.isEmpty {
            code = inside.filter { file in
                !ScanPaths.isInside(file, folder: podfileFolder)
                    && !file.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasPrefix("Example") }
            }.sorted()
        } else {
            code = inside.filter { file in patterns.contains { ScanPaths.matches(pattern: $0, path: file) } }.sorted()
        }
        packageSources[key] = code
        return code
    }

    /// The parsed `Package.swift` at `manifest`, read once; `nil` when there is none.
    private mutating func manifestReader(_ manifest: String) -> PackageManifestReader? {
        if let known = manifests[manifest] { return known }
        loadManifestTexts()
        let reader = (manifestTexts?[manifest]).map { PackageManifestReader(text: $0) }
        manifests[manifest] = .some(reader)
        return reader
    }

    private mutating func loadManifestTexts() {
        guard manifestTexts == nil else { return }
        var texts: [String: String] = [:]
        for manifest in inventory.packageManifests {
            texts[manifest] = try? String(contentsOf: root.appending(path: manifest), encoding: .utf8)
        }
        manifestTexts = texts
    }

    /// The library code of the Swift package in `folder`: its `Sources/` when it has one, else every source
    /// file under it but tests.
    private mutating func code(ofPackageAt folder: String, sources: Set<String>) -> [String] {
        if let known = packageSources[folder] { return known }
        let inside = sources.filter { ScanPaths.isInside($0, folder: folder) }
        let conventional = ScanPaths.join(folder, "Sources")
        var code = inside.filter { ScanPaths.isInside($0, folder: conventional) }
        if code.isEmpty {
            code = inside.filter { file in
                !file.dropFirst(folder.count).split(separator: "/").contains { $0.hasSuffix("Tests") }
            }
        }
        packageSources[folder] = code.sorted()
        return code.sorted()
    }

    /// The folders of the `Package.swift` files that declare a product or target named `product`.
    private mutating func packageFolders(declaring product: String) -> [String] {
        loadManifestTexts()
        let needle = "name: \"\(product)\""
        return (manifestTexts ?? [:]).filter { $0.value.contains(needle) }.keys.sorted().map(ScanPaths.directory(of:))
    }

    /// The folders a target's files live in, used to attribute localizations.
    private func folders(of target: ScannedTarget, files: [String]) -> [String] {
        var folders = target.sourceFolders
        folders += ([target.infoPlistFile].compactMap { $0 } + target.extraPlists).map(ScanPaths.directory(of:))
        if let first = files.first {
            var common = ScanPaths.directory(of: first)
            for file in files.dropFirst() {
                while !ScanPaths.isInside(file, folder: common) { common = ScanPaths.directory(of: common) }
            }
            folders.append(common)
        }
        return folders
    }

    /// Gives each localization file to the target whose resources list it, else to the target with the
    /// deepest folder holding it.
    private mutating func attributeLocalizations(to targets: inout [LintTarget], scanned: [ScannedTarget]) {
        let targetFolders = zip(scanned, targets).map { folders(of: $0, files: $1.sourceFiles) }
        for file in inventory.localizations.sorted() {
            var best: (index: Int, depth: Int)?
            for (index, target) in scanned.enumerated() {
                if target.resourceFiles.contains(file) {
                    best = (index, Int.max)
                    break
                }
                for folder in targetFolders[index] where ScanPaths.isInside(file, folder: folder) {
                    let depth = folder.isEmpty ? 0 : folder.split(separator: "/").count + 1
                    if best == nil || depth > best!.depth { best = (index, depth) }
                }
            }
            guard let best else { continue }
            let result = LocalizationReader.read(file, root: root)
            if let problem = result.problem { problems.append(problem) }
            for (language, strings) in result.localizations {
                targets[best.index].localizations[language, default: [:]].merge(strings) { $1 }
            }
        }
    }
}
