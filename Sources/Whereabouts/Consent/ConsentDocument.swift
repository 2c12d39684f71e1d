import Foundation

/// The contents of a consent file, as parsed JSON, so keys this version does not know are written
/// back as they were.
///
/// Not `Sendable`: it lives only inside one call of ``FileConsentStore``.
struct ConsentDocument {
    /// The format version this Whereabouts reads and writes.
    static let version = 1

    /// Why a file cannot be used at all; the text completes "<file> …".
    struct Damage: Error {
        let problem: String
        /// Whether the file is whole but from a newer Whereabouts: left as it is, never written over.
        var isNewer = false
    }

    /// The whole top-level object, unknown keys included.
    private(set) var root: [String: Any]

    /// An empty document: version 1, no apps.
    init() {
        root = ["version": Self.version, "apps": [String: Any]()]
    }

    /// Parses a file's bytes.
    ///
    /// - Throws: ``Damage`` when the bytes are not a version-1 consent document.
    init(parsing data: Data) throws(Damage) {
        if data.isEmpty { throw Damage(problem: "is empty") }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw Damage(problem: Self.describeSyntaxError(error, in: data))
        }
        guard let object = parsed as? [String: Any] else {
            let kind = parsed is [Any] ? "a JSON array" : "a JSON value"
            throw Damage(problem: "is \(kind), not an object with \"version\" and \"apps\"")
        }
        guard let version = object["version"] else {
            throw Damage(problem: "has no \"version\", so it is not a Whereabouts consent file")
        }
        guard !isSerializedBoolean(version), let number = version as? Int, number == Self.version else {
            let shown = (version as? NSNumber).map { "\($0)" } ?? "\(version)"
            let newer = !isSerializedBoolean(version) && (version as? Int).map { $0 > Self.version } == true
            throw Damage(
                problem: "has version \(shown), which this Whereabouts does not know "
                    + "(it reads version \(Self.version))",
                isNewer: newer
            )
        }
        if let apps = object["apps"], !(apps is [String: Any]) {
            throw Damage(problem: "has \"apps\" that is not an object of app identifier → grant")
        }
        root = object
    }

    /// Sets a top-level value, keeping the others.
    mutating func setRootValue(_ value: Any, forKey key: String) {
        root[key] = value
    }

    /// App identifier → raw entry.
    private var apps: [String: Any] {
        get { root["apps"] as? [String: Any] ?? [:] }
        set { root["apps"] = newValue }
    }

    /// Every entry that is a grant this version understands, and a problem for each that is not.
    ///
    /// An entry with an unknown decision (a newer version's, or a typing mistake) is no grant: the
    /// app reads as not determined. It stays in the file until a grant for the app replaces it.
    ///
    /// - Returns: App identifier → grant, and app identifier → what is wrong with its entry.
    func grants() -> (grants: [String: Grant], problems: [String: String]) {
        var grants: [String: Grant] = [:]
        var problems: [String: String] = [:]
        for (appID, raw) in apps {
            switch Self.grant(from: raw) {
            case .success(let grant): grants[appID] = grant
            case .failure(let damage): problems[appID] = "has an entry for \"\(appID)\" \(damage.problem)"
            }
        }
        return (grants, problems)
    }

    /// Keeps a grant for an app (keys of its entry this version does not know stay), or removes it.
    mutating func setGrant(_ grant: Grant?, for appID: String) {
        guard let grant else {
            apps[appID] = nil
            return
        }
        var entry = apps[appID] as? [String: Any] ?? [:]
        entry["decision"] = grant.decision.rawValue
        entry["precise"] = grant.precise
        entry["alwaysPromptShown"] = grant.alwaysPromptShown
        entry["provisionalAlways"] = grant.provisionalAlways
        if grant.monitoredRegions.isEmpty {
            entry["monitoredRegions"] = nil
        } else {
            entry["monitoredRegions"] = grant.monitoredRegions.map(Self.object(for:))
        }
        if grant.monitorConditions.isEmpty {
            entry["monitorConditions"] = nil
        } else {
            entry["monitorConditions"] = grant.monitorConditions.compactMap(Self.object(for:))
        }
        apps[appID] = entry
    }

    /// Removes every app's entry; the install secret and unknown top-level keys stay.
    mutating func removeAllGrants() {
        apps = [:]
    }

    /// The kept install secret, `nil` when there is none, or a problem when it cannot be read.
    var installSecret: Result<Coarsener.Secret?, Damage> {
        guard let raw = root["installSecret"] else { return .success(nil) }
        guard let hex = raw as? String, let secret = Coarsener.Secret(hex: hex) else {
            return .failure(Damage(problem: "has an \"installSecret\" that is not 32 hexadecimal digits"))
        }
        return .success(secret)
    }

    /// Keeps the install secret.
    mutating func setInstallSecret(_ secret: Coarsener.Secret) {
        root["installSecret"] = secret.hex
    }

    /// The document as the file holds it: pretty-printed JSON with sorted keys and a final newline.
    func rendered() -> Data {
        // Every value came from JSONSerialization or is a String, Bool, Int or dictionary of them.
        var data =
            (try? JSONSerialization.data(
                withJSONObject: root,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            )) ?? Data()
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private static func grant(from raw: Any) -> Result<Grant, Damage> {
        guard let entry = raw as? [String: Any] else { return .failure(Damage(problem: "that is not an object")) }
        guard let name = entry["decision"] as? String else {
            return .failure(Damage(problem: "with no \"decision\" string"))
        }
        guard let decision = Grant.Decision(rawValue: name) else {
            let known = Grant.Decision.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            return .failure(
                Damage(
                    problem: "with decision \"\(name)\", which this Whereabouts does not know "
                        + "(it knows \(known))"
                )
            )
        }
        var grant = Grant(decision: decision)
        for key in ["precise", "alwaysPromptShown", "provisionalAlways"] {
            guard let value = entry[key], !(value is NSNull) else { continue }
            guard isSerializedBoolean(value), let flag = value as? Bool else {
                return .failure(Damage(problem: "whose \"\(key)\" is not true or false"))
            }
            switch key {
            case "precise": grant.precise = flag
            case "alwaysPromptShown": grant.alwaysPromptShown = flag
            default: grant.provisionalAlways = flag
            }
        }
        if let value = entry["monitoredRegions"], !(value is NSNull) {
            guard let list = value as? [Any] else {
                return .failure(Damage(problem: "whose \"monitoredRegions\" is not an array of regions"))
            }
            for (index, item) in list.enumerated() {
                guard let region = region(from: item) else {
                    return .failure(
                        Damage(
                            problem: "whose \"monitoredRegions\" entry \(index + 1) is not a region "
                                + "{\"identifier\", \"latitude\", \"longitude\", \"radius\"}"
                        )
                    )
                }
                grant.monitoredRegions.append(region)
            }
        }
        if let value = entry["monitorConditions"], !(value is NSNull) {
            guard let list = value as? [Any] else {
                return .failure(Damage(problem: "whose \"monitorConditions\" is not an array of monitors' conditions"))
            }
            for (index, item) in list.enumerated() {
                guard let kept = monitoredCondition(from: item) else {
                    return .failure(
                        Damage(
                            problem: "whose \"monitorConditions\" entry \(index + 1) is not a monitor's condition "
                                + "{\"monitor\", \"record\": {\"condition\", \"lastEvent\"}}"
                        )
                    )
                }
                grant.monitorConditions.append(kept)
            }
        }
        return .success(grant)
    }

    /// A region as the file keeps it.
    private static func object(for region: Region) -> [String: Any] {
        [
            "identifier": region.identifier,
            "latitude": region.center.latitude,
            "longitude": region.center.longitude,
            "radius": region.radius,
            "notifyOnEntry": region.notifyOnEntry,
            "notifyOnExit": region.notifyOnExit,
        ]
    }

    /// A monitor's condition as the file keeps it: its JSON encoding, dates in seconds since 1970.
    private static func object(for kept: MonitoredCondition) -> Any? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(kept) else { return nil }
        return try? JSONSerialization.jsonObject(with: data, options: [])
    }

    /// A monitor's condition from the file, or `nil` when the entry is not one.
    private static func monitoredCondition(from raw: Any) -> MonitoredCondition? {
        guard raw is [String: Any], let data = try? JSONSerialization.data(withJSONObject: raw, options: []) else {
            return nil
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(MonitoredCondition.self, from: data)
    }

    /// A region from the file, or `nil` when the entry is not one.
    private static func region(from raw: Any) -> Region? {
        guard let entry = raw as? [String: Any], let identifier = entry["identifier"] as? String,
            let latitude = number(entry["latitude"]), let longitude = number(entry["longitude"]),
            let radius = number(entry["radius"]), radius > 0
        else { return nil }
        let center = Coordinate(latitude: latitude, longitude: longitude)
        guard center.isValid else { return nil }
        func flag(_ key: String) -> Bool {
            guard let value = entry[key], isSerializedBoolean(value) else { return true }
            return value as? Bool ?? true
        }
        return Region(
            identifier: identifier,
            center: center,
            radius: radius,
            notifyOnEntry: flag("notifyOnEntry"),
            notifyOnExit: flag("notifyOnExit")
        )
    }

    private static func number(_ raw: Any?) -> Double? {
        guard let raw, !isSerializedBoolean(raw), let value = (raw as? NSNumber)?.doubleValue, value.isFinite else {
            return nil
        }
        return value
    }

    /// "is not valid JSON at line 3, column 7 (…)", from JSONSerialization's "around character N".
    private static func describeSyntaxError(_ error: any Error, in data: Data) -> String {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        let offset: Int
        if let range = detail.range(of: "character "),
            let number = Int(detail[range.upperBound...].prefix(while: \.isNumber))
        {
            offset = min(number, data.count)
        } else if detail.localizedCaseInsensitiveContains("end of file")
            || detail.localizedCaseInsensitiveContains("end of data")
        {
            offset = data.count
        } else {
            return "is not valid JSON (\(detail))"
        }
        let prefix = data.prefix(offset)
        let line = prefix.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
        let column = data.startIndex + offset - lineStart + 1
        return "is not valid JSON at line \(line), column \(column) (\(detail))"
    }
}
