import Foundation
import Whereabouts

/// Turns the files a walk found into targets: reads project files, plists and localizations, and assigns
/// source files.
struct ProjectAssembler {
    let root: URL
    var inventory: FileInventory
    private var problems: [LintFinding] = []
    private var plistCache: [String: [String: DeclaredValue]?] = [:]

    init(root: URL, inventory: FileInventory) {
        self.root = root
        self.inventory = inventory
        problems = inventory.problems
    }

    mutating func assemble() -> LintProject {
        var scanned: [ScannedTarget] = []
        var referenced: Set<String> = []
        for file in inventory.pbxprojs.sorted() {
            guard let text = readText(file) else { continue }
            let result = PBXProjectReader.read(text: text, file: file)
            if let problem = result.problem { problems.append(problem) }
            scanned += result.targets
            referenced.formUnion(result.referencedPlists)
        }
        let xcodeTargets = scanned
        func isDuplicate(_ target: ScannedTarget) -> Bool {
            xcodeTargets.contains { $0.name == target.name && $0.projectFolder == target.projectFolder }
        }
        for file in inventory.xcodeGenSpecs.sorted() {
            guard let text = readText(file) else { continue }
            let result = XcodeGenReader.read(text: text, file: file)
            if let problem = result.problem { problems.append(problem) }
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
            scanned += TuistReader.read(text: text, file: file).filter { !isDuplicate($0) }
        }
        for target in scanned {
            referenced.formUnion([target.infoPlistFile].compactMap { $0 } + target.extraPlists)
        }
        for plist in inventory.plists.sorted() where !referenced.contains(plist) {
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
            scanned.append(target)
        }
        let sourceSet = Set(inventory.sources)
        var targets = scanned.map { lintTarget(from: $0, sources: sourceSet) }
        attributeLocalizations(to: &targets, scanned: scanned)
        let packageOnly =
            !inventory.packageManifests.isEmpty && targets.isEmpty
            && inventory.xcodeGenSpecs.isEmpty && tuistManifests.isEmpty
            // A project or plist that could not be read is reported as such, not as "no app bundle".
            && problems.isEmpty
        return LintProject(
            targets: targets.sorted { ($0.position, $0.name) < ($1.position, $1.name) },
            isSwiftPackageOnly: packageOnly,
            problems: problems.sorted { $0.position < $1.position }
        )
    }

    private mutating func readText(_ file: String) -> String? {
        guard let data = try? Data(contentsOf: root.appending(path: file)), let text = LocalizationReader.decode(data)
        else {
            problems.append(
                ScanProblem.finding(
                    at: SourcePosition(file: file),
                    "cannot be read as text; check its permissions and encoding (UTF-8)"
                )
            )
            return nil
        }
        return text
    }

    /// Reads a plist once; `nil` (and one problem) when it cannot be read.
    private mutating func read(plist: String) -> [String: DeclaredValue]? {
        if let cached = plistCache[plist] { return cached }
        let result = InfoPlistReader.read(plist, root: root)
        if let problem = result.problem { problems.append(problem) }
        let info = result.problem == nil ? result.info : nil
        plistCache[plist] = info
        return info
    }

    private mutating func lintTarget(from scanned: ScannedTarget, sources: Set<String>) -> LintTarget {
        var info: [String: DeclaredValue] = [:]
        for plist in [scanned.infoPlistFile].compactMap({ $0 }) + scanned.extraPlists {
            // XcodeGen writes `info.path` itself; before the first `xcodegen` run it does not exist yet.
            let exists = FileManager.default.fileExists(atPath: root.appending(path: plist).path)
            if scanned.infoOverridesPlist, !exists { continue }
            info.merge(read(plist: plist) ?? [:]) { current, _ in current }
        }
        info.merge(scanned.info) { fromPlist, fromProject in scanned.infoOverridesPlist ? fromProject : fromPlist }
        var region = scanned.developmentRegion
        if case .string(let declared)? = info["CFBundleDevelopmentRegion"]?.value, !declared.contains("$") {
            region = declared
        }
        return LintTarget(
            name: scanned.name,
            kind: scanned.kind,
            info: info,
            developmentRegion: region,
            sourceFiles: sourceFiles(of: scanned, sources: sources),
            deploymentTarget: scanned.deploymentTarget ?? fallbackDeploymentTarget(of: scanned),
            platform: scanned.platform ?? (scanned.kind == .watchApp ? .watchOS : .iOS),
            runsOnMac: scanned.runsOnMac,
            position: scanned.position
        )
    }

    /// The deployment target from the project's settings or an `.xcconfig` file, when the target sets none.
    private func fallbackDeploymentTarget(of scanned: ScannedTarget) -> String? {
        let key = (scanned.platform ?? .iOS).deploymentTargetSetting
        let root = self.root
        // A missing .xcconfig is common and harmless to the rules (CocoaPods generates its own under Pods/, which
        // is not committed): the deployment target is then unknown, and the messages say so.
        let reader = XCConfigReader { file in
            (try? Data(contentsOf: root.appending(path: file))).flatMap(LocalizationReader.decode)
        }
        var found: String?
        for source in scanned.deploymentTargetFallbacks where found == nil {
            switch source {
            case .value(let value): found = value
            case .xcconfig(let file): found = reader.value(of: key, in: file)
            }
        }
        return found
    }

    /// The target's sources: the files it lists, plus every file under its source folders; when it lists
    /// none and has no source folders, the files under its Info.plist's folder.
    private func sourceFiles(of target: ScannedTarget, sources: Set<String>) -> [String] {
        var files = Set((target.sourceFiles ?? []).filter { sources.contains($0) })
        var folders = target.sourceFolders
        if target.sourceFiles == nil, folders.isEmpty, let plist = target.infoPlistFile {
            folders = [ScanPaths.directory(of: plist)]
        }
        for folder in folders {
            files.formUnion(sources.filter { ScanPaths.isInside($0, folder: folder) })
        }
        return files.subtracting(target.excludedSources).sorted()
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
