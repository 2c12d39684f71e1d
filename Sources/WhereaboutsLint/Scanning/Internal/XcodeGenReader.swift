import Yams

/// Reads the targets of an XcodeGen `project.yml` (best effort: no `include`s, templates or presets).
enum XcodeGenReader {
    /// What one spec gave.
    struct Result {
        var targets: [ScannedTarget] = []
        var problem: LintFinding?
    }

    /// Reads the text of the spec at `file` (relative to the root).
    static func read(text: String, file: String) -> Result {
        let document: Node?
        do {
            document = try Yams.compose(yaml: text)
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
            return Result(
                problem: ScanProblem.finding(
                    at: position,
                    "is not valid YAML (\(reason)); fix the indentation or quoting, then run xcodegen"
                )
            )
        }
        guard let spec = document?.mapping, let targets = spec["targets"]?.mapping else { return Result() }
        let folder = ScanPaths.directory(of: file)
        let options = spec["options"]
        var result = Result()
        for (nameNode, targetNode) in targets {
            guard let name = nameNode.string, let target = targetNode.mapping else { continue }
            let platform = (target["platform"]?.string ?? "iOS").lowercased()
            let type = target["type"]?.string ?? ""
            guard let kind = PBXProjectReader.kind(productType: type, sdk: platform) else { continue }
            var scanned = ScannedTarget(
                name: name,
                kind: kind,
                position: position(of: nameNode, file: file),
                projectFolder: folder
            )
            scanned.infoOverridesPlist = true
            let settings = buildSettings(target["settings"])
            for (key, entry) in settings where key.hasPrefix("INFOPLIST_KEY_") && key.count > 14 {
                let infoKey = String(key.dropFirst(14))
                let value = PBXProjectReader.value(of: .string(entry.value.string ?? ""), key: infoKey)
                scanned.info[infoKey] = DeclaredValue(
                    entry.value.sequence.map { .array($0.compactMap(\.string)) } ?? value,
                    at: position(of: entry.key, file: file),
                    origin: .buildSetting
                )
            }
            if let info = target["info"]?.mapping {
                scanned.infoPlistFile = info["path"]?.string.map { ScanPaths.join(folder, $0) }
                for (keyNode, valueNode) in info["properties"]?.mapping ?? [:] {
                    guard let key = keyNode.string else { continue }
                    scanned.info[key] = DeclaredValue(
                        value(of: valueNode),
                        at: position(of: keyNode, file: file),
                        origin: .xcodeGen
                    )
                }
            } else if let plist = settings["INFOPLIST_FILE"]?.value.string {
                scanned.infoPlistFile = ScanPaths.join(folder, PBXProjectReader.expand(plist, targetName: name))
            }
            scanned.sourceFolders = sourcePaths(target["sources"]).map { ScanPaths.join(folder, $0) }
            let named: TargetPlatform = TargetPlatform.named(sdk: platform) ?? .iOS
            let targetPlatform: TargetPlatform = scanned.kind == .watchApp ? .watchOS : named
            scanned.platform = targetPlatform
            let catalyst = settings["SUPPORTS_MACCATALYST"]?.value.string == "YES"
            scanned.runsOnMac = targetPlatform == .macOS || catalyst
            scanned.deploymentTarget =
                deploymentTarget(target["deploymentTarget"], platform: targetPlatform)
                ?? deploymentTarget(options?["deploymentTarget"], platform: targetPlatform)
                ?? settings[targetPlatform.deploymentTargetSetting]?.value.string
            scanned.developmentRegion =
                options?["developmentLanguage"]?.string
                ?? settings["DEVELOPMENT_LANGUAGE"]?.value.string
            result.targets.append(scanned)
        }
        return result
    }

    private static func position(of node: Node, file: String) -> SourcePosition {
        SourcePosition(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    /// Flat settings, then `base`, then the Release configuration (later ones win).
    private static func buildSettings(_ node: Node?) -> [String: (key: Node, value: Node)] {
        guard let settings = node?.mapping else { return [:] }
        var result: [String: (key: Node, value: Node)] = [:]
        func add(_ mapping: Node.Mapping?) {
            for (key, value) in mapping ?? [:] {
                guard let name = key.string, !["base", "configs", "groups"].contains(name) else { continue }
                result[name] = (key, value)
            }
        }
        add(settings)
        add(settings["base"]?.mapping)
        for (name, config) in settings["configs"]?.mapping ?? [:] where name.string?.lowercased() == "release" {
            add(config.mapping)
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
