import Foundation
import Yams

/// Reads the targets of an XcodeGen `project.yml`, with the specs it `include:`s (best effort: no presets, and
/// arrays and settings are taken from the last file that writes them).
enum XcodeGenReader {
    /// What one spec gave.
    struct Result {
        var targets: [ScannedTarget] = []
        var problem: LintFinding?
        /// Includes, dependencies and targets that could not be resolved, as notes.
        var notes: [LintFinding] = []
    }

    /// One spec file: its parsed mapping, its path relative to the root, and its folder.
    private struct SpecFile {
        var spec: Node.Mapping
        var file: String
        var folder: String
    }

    /// A target's definition: its mappings from templates, included specs and the main spec, later ones winning.
    private struct Layers {
        var layers: [(mapping: Node.Mapping, file: SpecFile)] = []

        /// The last value written for `key`, and the spec file that writes it.
        func last(_ key: String) -> (node: Node, file: SpecFile)? {
            for layer in layers.reversed() {
                if let node = layer.mapping[key] { return (node, layer.file) }
            }
            return nil
        }
    }

    /// The specs a spec includes, relative to the root (without reading them).
    ///
    /// - Parameters:
    ///   - text: The spec's text.
    ///   - file: The spec's path relative to the root.
    ///   - root: The linted folder.
    /// - Returns: The included files' paths.
    static func includes(in text: String, file: String, root: URL) -> [String] {
        guard text.contains("include"), let spec = (try? Yams.compose(yaml: text))??.mapping else { return [] }
        let folder = baseFolder(of: spec, file: file, root: root)
        return includePaths(spec["include"]).map { ScanPaths.join(folder, $0.path) }
    }

    /// The folder a spec's paths are relative to: its own, unless none of its includes is found there but they
    /// are from a folder above it (a spec kept in `Apps/<App>/` that a script copies to the root to generate).
    private static func baseFolder(of spec: Node.Mapping, file: String, root: URL?) -> String {
        var folder = ScanPaths.directory(of: file)
        let includes = includePaths(spec["include"]).map(\.path)
        guard let root, !includes.isEmpty else { return folder }
        func found(from base: String) -> Bool {
            includes.contains {
                FileManager.default.fileExists(atPath: root.appending(path: ScanPaths.join(base, $0)).path)
            }
        }
        guard !found(from: folder) else { return folder }
        while !folder.isEmpty {
            folder = ScanPaths.directory(of: folder)
            if found(from: folder) { return folder }
        }
        return ScanPaths.directory(of: file)
    }

    /// Reads the text of the spec at `file` (relative to the root), reading the specs it includes from `root`.
    static func read(text: String, file: String, root: URL? = nil) -> Result {
        let (document, problem) = compose(text, file: file)
        if let problem { return Result(problem: problem) }
        guard let main = document?.mapping else { return Result() }
        var result = Result()
        var files: [SpecFile] = []
        var visited: Set<String> = [file]
        let mainSpec = SpecFile(spec: main, file: file, folder: baseFolder(of: main, file: file, root: root))
        collect(mainSpec, root: root, into: &files, visited: &visited, notes: &result.notes)
        func lastTopLevel(_ key: String) -> (node: Node, file: SpecFile)? {
            for spec in files.reversed() {
                if let node = spec.spec[key] { return (node, spec) }
            }
            return nil
        }
        var definitions: [String: Layers] = [:]
        var names: [(name: String, node: Node)] = []
        var templates: [String: Layers] = [:]
        for spec in files {
            for (nameNode, templateNode) in spec.spec["targetTemplates"]?.mapping ?? [:] {
                guard let name = nameNode.string, let mapping = templateNode.mapping else { continue }
                templates[name, default: Layers()].layers.append((mapping, spec))
            }
            for (nameNode, targetNode) in spec.spec["targets"]?.mapping ?? [:] {
                guard let name = nameNode.string, let mapping = targetNode.mapping else { continue }
                if definitions[name] == nil { names.append((name, nameNode)) }
                definitions[name, default: Layers()].layers.append((mapping, spec))
            }
        }
        let options = lastTopLevel("options")?.node
        let packages = lastTopLevel("packages")
        var code: [String: ScannedTarget] = [:]
        var libraries: Set<String> = []
        var linked: [String: [String]] = [:]
        var bundles: [String] = []
        for (name, nameNode) in names {
            guard var layers = definitions[name] else { continue }
            layers.layers = expand(layers, templates: templates, depth: 0) + layers.layers
            let definedIn = layers.layers.last?.file ?? files[0]
            let platform = (layers.last("platform")?.node.string ?? "iOS").lowercased()
            guard let type = layers.last("type")?.node.string else {
                result.notes.append(
                    ScanProblem.note(
                        at: position(of: nameNode, file: definedIn.file),
                        "target \(name) has no `type` in \(ScanPaths.lastComponent(of: definedIn.file)) or the "
                            + "specs it includes; it was not checked",
                        target: name
                    )
                )
                continue
            }
            let kind = PBXProjectReader.kind(productType: type, sdk: platform)
            var scanned = ScannedTarget(
                name: name,
                kind: kind ?? .unknown,
                position: position(of: nameNode, file: definedIn.file),
                projectFolder: definedIn.folder
            )
            scanned.infoOverridesPlist = true
            read(layers, into: &scanned)
            let settings = buildSettings(layers)
            if scanned.infoPlistFile == nil, let plist = settings["INFOPLIST_FILE"] {
                let path = PBXProjectReader.expand(plist.value.string ?? "", targetName: name)
                scanned.infoPlistFile = ScanPaths.join(plist.file.folder, path)
            }
            if scanned.infoPlistFile == nil, let root, let configFiles = layers.last("configFiles"),
                let plist = infoPlistFile(in: configFiles, root: root)
            {
                // Build settings paths are relative to the generated project, which sits beside the main spec.
                let path = PBXProjectReader.expand(plist, targetName: name)
                scanned.infoPlistFile = ScanPaths.join(mainSpec.folder, path)
            }
            let named: TargetPlatform = TargetPlatform.named(sdk: platform) ?? .iOS
            let targetPlatform: TargetPlatform = scanned.kind == .watchApp ? .watchOS : named
            scanned.platform = targetPlatform
            let catalyst = settings["SUPPORTS_MACCATALYST"]?.value.string == "YES"
            scanned.runsOnMac = targetPlatform == .macOS || catalyst
            scanned.deploymentTarget =
                deploymentTarget(layers.last("deploymentTarget")?.node, platform: targetPlatform)
                ?? deploymentTarget(options?["deploymentTarget"], platform: targetPlatform)
                ?? settings[targetPlatform.deploymentTargetSetting]?.value.string
            scanned.developmentRegion =
                options?["developmentLanguage"]?.string
                ?? settings["DEVELOPMENT_LANGUAGE"]?.value.string
            linked[name] = readDependencies(layers, packages: packages, into: &scanned)
            code[name] = scanned
            if kind != nil {
                bundles.append(name)
            } else if !type.contains("test") {
                libraries.insert(name)
            }
        }
        for name in bundles {
            guard var target = code[name] else { continue }
            guard target.takesLinkedCode else {
                result.targets.append(target)
                continue
            }
            var seen: Set<String> = [name]
            var queue = linked[name] ?? []
            while let next = queue.popLast() {
                guard seen.insert(next).inserted, libraries.contains(next), let library = code[next] else { continue }
                target.link(library)
                queue += linked[next] ?? []
            }
            result.targets.append(target)
        }
        return result
    }

    /// The layers of the `templates:` a target or template names, each after the templates it names in turn.
    private static func expand(
        _ layers: Layers,
        templates: [String: Layers],
        depth: Int
    ) -> [(mapping: Node.Mapping, file: SpecFile)] {
        guard depth < 16 else { return [] }
        var result: [(mapping: Node.Mapping, file: SpecFile)] = []
        let names = layers.layers.flatMap { $0.mapping["templates"]?.sequence?.compactMap(\.string) ?? [] }
        for name in names {
            guard let template = templates[name] else { continue }
            result += expand(template, templates: templates, depth: depth + 1) + template.layers
        }
        return result
    }

    /// `INFOPLIST_FILE` from the Release (else the first) `configFiles:` `.xcconfig`, following its `#include`s.
    private static func infoPlistFile(in configFiles: (node: Node, file: SpecFile), root: URL) -> String? {
        guard let mapping = configFiles.node.mapping else { return nil }
        let chosen =
            mapping.first { $0.key.string?.lowercased() == "release" }?.value.string
            ?? mapping.first?.value.string
        guard let chosen else { return nil }
        return setting("INFOPLIST_FILE", inXCConfig: ScanPaths.join(configFiles.file.folder, chosen), root: root)
    }

    /// A setting's value in an `.xcconfig` file or the files it includes (the last assignment wins).
    private static func setting(_ key: String, inXCConfig file: String, root: URL, depth: Int = 0) -> String? {
        guard depth < 8, let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8) else {
            return nil
        }
        var value: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let parts = trimmed.split(separator: "\"")
                guard parts.count >= 2 else { continue }
                let included = ScanPaths.join(ScanPaths.directory(of: file), String(parts[1]))
                if let found = setting(key, inXCConfig: included, root: root, depth: depth + 1) { value = found }
            } else if trimmed.hasPrefix(key), let equals = trimmed.firstIndex(of: "=") {
                guard trimmed[..<equals].trimmingCharacters(in: .whitespaces) == key else { continue }
                let rest = trimmed[trimmed.index(after: equals)...]
                let withoutComment = rest.components(separatedBy: "//").first ?? ""
                value = withoutComment.trimmingCharacters(in: .whitespaces)
            }
        }
        return value
    }

    /// The YAML document, or the problem that stops it.
    private static func compose(_ text: String, file: String) -> (Node?, LintFinding?) {
        do {
            return (try Yams.compose(yaml: text), nil)
        } catch {
            var position = SourcePosition(file: file, line: 1, column: 1)
            if let yamlError = error as? YamlError {
                switch yamlError {
                case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
                    position = SourcePosition(file: file, line: mark.line, column: mark.column)
                default: break
                }
            }
            let reason = "\(error)".split(separator: "\n").first.map(String.init) ?? "invalid YAML"
            let problem = ScanProblem.finding(
                at: position,
                "is not valid YAML (\(reason)); fix the indentation or quoting, then run xcodegen"
            )
            return (nil, problem)
        }
    }

    /// `include: base.yml`, `include: [a.yml, b.yml]` or `include: [{path: a.yml, relativePaths: false}]`.
    private static func includePaths(_ node: Node?) -> [(path: String, relative: Bool, node: Node)] {
        guard let node else { return [] }
        let items = node.sequence.map(Array.init) ?? [node]
        return items.compactMap { item in
            if let path = item.scalar?.string { return (path, true, item) }
            guard let path = item["path"]?.string else { return nil }
            return (path, item["relativePaths"]?.bool ?? true, item)
        }
    }

    /// The spec and the specs it includes, depth first, included ones before the one including them.
    private static func collect(
        _ spec: SpecFile,
        root: URL?,
        into files: inout [SpecFile],
        visited: inout Set<String>,
        notes: inout [LintFinding]
    ) {
        for include in includePaths(spec.spec["include"]) {
            let path = ScanPaths.join(spec.folder, include.path)
            guard visited.insert(path).inserted else { continue }
            let at = position(of: include.node, file: spec.file)
            guard let root, let text = try? String(contentsOf: root.appending(path: path), encoding: .utf8) else {
                notes.append(
                    ScanProblem.note(
                        at: at,
                        "the included spec \(include.path) cannot be read; the targets and settings it holds "
                            + "were not checked"
                    )
                )
                continue
            }
            guard let included = compose(text, file: path).0?.mapping else {
                notes.append(
                    ScanProblem.note(at: at, "the included spec \(include.path) is not a valid YAML mapping; skipped")
                )
                continue
            }
            let folder = include.relative ? ScanPaths.directory(of: path) : spec.folder
            collect(
                SpecFile(spec: included, file: path, folder: folder),
                root: root,
                into: &files,
                visited: &visited,
                notes: &notes
            )
        }
        files.append(spec)
    }

    /// Reads the target's plist, info properties and `INFOPLIST_KEY_*` settings, and its source folders.
    private static func read(_ layers: Layers, into scanned: inout ScannedTarget) {
        for (key, entry) in buildSettings(layers) where key.hasPrefix("INFOPLIST_KEY_") && key.count > 14 {
            let infoKey = String(key.dropFirst(14))
            let value = PBXProjectReader.value(ofText: entry.value.string ?? "", key: infoKey)
            scanned.info[infoKey] = DeclaredValue(
                entry.value.sequence.map { .array($0.compactMap(\.string)) } ?? value,
                at: position(of: entry.key, file: entry.file.file),
                origin: .buildSetting
            )
        }
        for layer in layers.layers {
            guard let info = layer.mapping["info"]?.mapping else { continue }
            if let path = info["path"]?.string { scanned.infoPlistFile = ScanPaths.join(layer.file.folder, path) }
            for (keyNode, valueNode) in info["properties"]?.mapping ?? [:] {
                guard let key = keyNode.string else { continue }
                scanned.info[key] = DeclaredValue(
                    value(of: valueNode),
                    at: position(of: keyNode, file: layer.file.file),
                    origin: .xcodeGen
                )
            }
        }
        // XcodeGen appends the arrays of included specs to each other (`sources:REPLACE` starts over).
        for layer in layers.layers {
            if let replaced = layer.mapping["sources:REPLACE"] {
                scanned.sourceFolders = sourcePaths(replaced).map { ScanPaths.join(layer.file.folder, $0) }
            }
            if let sources = layer.mapping["sources"] {
                scanned.sourceFolders += sourcePaths(sources).map { ScanPaths.join(layer.file.folder, $0) }
            }
        }
        scanned.namesCode = !scanned.sourceFolders.isEmpty
    }

    /// The target's `dependencies:`: the names of the targets it links; local packages and package products go
    /// into `scanned`.
    private static func readDependencies(
        _ layers: Layers,
        packages: (node: Node, file: SpecFile)?,
        into scanned: inout ScannedTarget
    ) -> [String] {
        var targets: [String] = []
        let dependencies = layers.layers.flatMap { layer in
            layer.mapping["dependencies"]?.sequence.map(Array.init) ?? []
        }
        for dependency in dependencies {
            if let target = dependency["target"]?.string {
                targets.append(target)
            } else if let package = dependency["package"]?.string {
                if let path = packages?.node[package]?["path"]?.string, let folder = packages?.file.folder {
                    let packageFolder = ScanPaths.join(folder, path)
                    scanned.packageFolders.append(packageFolder)
                    let products = dependency["products"]?.sequence?.compactMap(\.string) ?? []
                    scanned.packageFolderProducts[packageFolder, default: []] +=
                        [dependency["product"]?.string ?? package] + products
                } else {
                    let products = dependency["products"]?.sequence?.compactMap(\.string) ?? []
                    scanned.packageProducts += [dependency["product"]?.string ?? package] + products
                }
            }
        }
        return targets
    }

    private static func position(of node: Node, file: String) -> SourcePosition {
        SourcePosition(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    /// Flat settings, then `base`, then the Release configuration (later ones win), over every layer.
    private static func buildSettings(_ layers: Layers) -> [String: (key: Node, value: Node, file: SpecFile)] {
        var result: [String: (key: Node, value: Node, file: SpecFile)] = [:]
        for layer in layers.layers {
            guard let settings = layer.mapping["settings"]?.mapping else { continue }
            func add(_ mapping: Node.Mapping?) {
                for (key, value) in mapping ?? [:] {
                    guard let name = key.string, !["base", "configs", "groups"].contains(name) else { continue }
                    result[name] = (key, value, layer.file)
                }
            }
            add(settings)
            add(settings["base"]?.mapping)
            for (name, config) in settings["configs"]?.mapping ?? [:] where name.string?.lowercased() == "release" {
                add(config.mapping)
            }
        }
        return result
    }

    private static func value(of node: Node) -> DeclaredValue.Value {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, let flag = node.bool { return .bool(flag) }
            return .string(scalar.string)
        case .sequence(let sequence):
            let strings = sequence.compactMap { $0.scalar?.string }
            return strings.count == sequence.count ? .array(strings) : .other("an array of non-string values")
        case .mapping(let mapping):
            var entries: [String: String] = [:]
            for (key, value) in mapping {
                guard let key = key.string, let text = value.scalar?.string else {
                    return .other("a dictionary with non-string values")
                }
                entries[key] = text
            }
            return .dictionary(entries)
        case .alias:
            return .other("an alias")
        }
    }

    /// `sources: App`, `sources: [App, Shared]` or `sources: [{path: App}]`.
    private static func sourcePaths(_ node: Node?) -> [String] {
        guard let node else { return [] }
        if let path = node.scalar?.string { return [path] }
        return (node.sequence ?? []).compactMap { $0.scalar?.string ?? $0["path"]?.string }
    }

    /// `deploymentTarget: "17.0"` or `deploymentTarget: {iOS: "17.0", watchOS: "10.0"}` (the platform's entry).
    private static func deploymentTarget(_ node: Node?, platform: TargetPlatform) -> String? {
        guard let node else { return nil }
        if let version = node.scalar?.string { return version }
        return node[platform.rawValue]?.string
    }
}
