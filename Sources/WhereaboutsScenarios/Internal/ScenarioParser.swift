import Foundation
import Whereabouts

/// Reads one step of a scenario, with errors that say what is expected.
enum ScenarioParser {
    typealias Fail = (String) -> ScenarioError

    static let stepKinds = ["do", "person", "app", "settings", "fix", "wait", "expect"]

    static func step(_ raw: Any, fail: Fail) throws(ScenarioError) -> Scenario.Step {
        guard let object = raw as? [String: Any] else {
            throw fail("a step must be an object with one of \(list(stepKinds))")
        }
        let kinds = stepKinds.filter { object[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                let keys = object.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw fail("unknown step {\(keys)}; a step has one of \(list(stepKinds))")
            }
            throw fail("a step has exactly one of \(list(stepKinds)); this one has \(list(kinds))")
        }
        switch kind {
        case "do": return .do(try action(object, fail: fail))
        case "person":
            try checkKeys(object, allowed: ["person", "precise"], what: "a person step", fail: fail)
            guard let name = object["person"] as? String, let answer = Scenario.Answer(rawValue: name) else {
                throw fail("\"person\" must be one of \(list(Scenario.Answer.allCases.map(\.rawValue)))")
            }
            return .person(answer, precise: try bool(object, "precise", in: "a person step", fail: fail))
        case "app":
            if object["app"] as? String == launchInBackground { return try launchStep(object, fail: fail) }
            try checkKeys(object, allowed: ["app"], what: "an app step", fail: fail)
            guard let name = object["app"] as? String, let event = LifecycleEvent(rawValue: name) else {
                let names = LifecycleEvent.allCases.map(\.rawValue) + [launchInBackground]
                throw fail("\"app\" must be one of \(list(names))")
            }
            return .app(event)
        case "settings": return .settings(try settings(object, fail: fail))
        case "fix": return .fix(try fix(object, fail: fail))
        case "wait":
            try checkKeys(object, allowed: ["wait"], what: "a wait step", fail: fail)
            guard let wait = object["wait"] as? [String: Any] else {
                throw fail("\"wait\" must be an object such as {\"seconds\": 60}")
            }
            try checkKeys(wait, allowed: ["seconds"], what: "\"wait\"", fail: fail)
            guard let seconds = try number(wait, "seconds", in: "\"wait\"", fail: fail), seconds >= 0,
                seconds <= 1e9
            else { throw fail("\"wait\" needs \"seconds\": a number from 0 to 1,000,000,000") }
            return .wait(.milliseconds(Int64((seconds * 1000).rounded())))
        default: return .expect(try expectation(object, fail: fail))
        }
    }

    static let actions = [
        "requestWhenInUse", "requestAlways", "requestTemporaryFullAccuracy", "requestLocation", "startUpdates",
        "stopUpdates", "allowBackgroundUpdates", "startBackgroundSession", "stopBackgroundSession",
        "startMonitoringRegion", "set", "startSignificantChanges", "stopSignificantChanges", "startMonitoringVisits",
        "stopMonitoringVisits", "stopMonitoringRegion", "startServiceSession", "stopServiceSession",
    ]

    static func action(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> Scenario.Action {
        guard let name = object["do"] as? String, actions.contains(name) || monitorActions.contains(name) else {
            let given = (object["do"] as? String).map { "unknown action \"\($0)\"; " } ?? ""
            throw fail("\(given)\"do\" must be one of \(list(actions + monitorActions))")
        }
        if monitorActions.contains(name) { return try monitorAction(name, object, fail: fail) }
        switch name {
        case "requestTemporaryFullAccuracy":
            try checkKeys(object, allowed: ["do", "purposeKey"], what: "this step", fail: fail)
            guard let key = object["purposeKey"] as? String, !key.isEmpty else {
                throw fail(
                    "requestTemporaryFullAccuracy needs \"purposeKey\": a key of "
                        + "NSLocationTemporaryUsageDescriptionDictionary"
                )
            }
            return .requestTemporaryFullAccuracy(purposeKey: key)
        case "startMonitoringRegion":
            try checkKeys(
                object,
                allowed: ["do", "lat", "lon", "radius", "id", "identifier"],
                what: "this step",
                fail: fail
            )
            guard let lat = try number(object, "lat", in: "startMonitoringRegion", fail: fail),
                let lon = try number(object, "lon", in: "startMonitoringRegion", fail: fail),
                let radius = try number(object, "radius", in: "startMonitoringRegion", fail: fail)
            else { throw fail("startMonitoringRegion needs \"lat\", \"lon\" and \"radius\" (metres)") }
            let center = Coordinate(latitude: lat, longitude: lon)
            guard center.isValid, radius > 0, radius <= 4e7 else {
                throw fail(
                    "startMonitoringRegion: lat must be −90…90, lon −180…180 and radius above 0 and at most 40,000 km"
                )
            }
            if object["id"] != nil, object["identifier"] != nil {
                throw fail("startMonitoringRegion takes \"id\" or \"identifier\" (the same thing), not both")
            }
            // "identifier" keeps its first meaning: anything but a string names the region "region".
            let identifier =
                try regionID(object, in: "startMonitoringRegion", fail: fail)
                ?? object["identifier"] as? String ?? "region"
            return .startMonitoringRegion(Region(identifier: identifier, center: center, radius: radius))
        case "stopMonitoringRegion":
            try checkKeys(object, allowed: ["do", "id"], what: "this step", fail: fail)
            return .stopMonitoringRegion(id: try regionID(object, in: "stopMonitoringRegion", fail: fail) ?? "region")
        case "set": return .set(try change(object, fail: fail))
        case "startServiceSession":
            try checkKeys(
                object,
                allowed: ["do", "authorization", "fullAccuracyPurposeKey"],
                what: "this step",
                fail: fail
            )
            let names = ServiceSession.AuthorizationRequirement.allCases.map(\.rawValue)
            guard let name = object["authorization"] as? String,
                let authorization = ServiceSession.AuthorizationRequirement(rawValue: name)
            else { throw fail("startServiceSession needs \"authorization\": one of \(list(names))") }
            var key: String?
            if let raw = object["fullAccuracyPurposeKey"] {
                guard let given = raw as? String, !given.isEmpty else {
                    throw fail(
                        "startServiceSession: \"fullAccuracyPurposeKey\" must be a key of "
                            + "NSLocationTemporaryUsageDescriptionDictionary (a non-empty string)"
                    )
                }
                key = given
            }
            return .startServiceSession(authorization, fullAccuracyPurposeKey: key)
        default:
            try checkKeys(object, allowed: ["do"], what: "this step", fail: fail)
            return switch name {
            case "requestWhenInUse": .requestWhenInUse
            case "requestAlways": .requestAlways
            case "requestLocation": .requestLocation
            case "startUpdates": .startUpdates
            case "stopUpdates": .stopUpdates
            case "allowBackgroundUpdates": .allowBackgroundUpdates
            case "startBackgroundSession": .startBackgroundSession
            case "stopBackgroundSession": .stopBackgroundSession
            case "startSignificantChanges": .startSignificantChanges
            case "stopSignificantChanges": .stopSignificantChanges
            case "startMonitoringVisits": .startMonitoringVisits
            case "stopMonitoringVisits": .stopMonitoringVisits
            default: .stopServiceSession
            }
        }
    }

    /// A region's `"id"`: a non-empty string, or `nil` when not given.
    static func regionID(_ object: [String: Any], in what: String, fail: Fail) throws(ScenarioError) -> String? {
        guard let raw = object["id"] else { return nil }
        guard let id = raw as? String, !id.isEmpty else {
            throw fail("\(what): \"id\" must be a non-empty string naming the region, such as \"home\"")
        }
        return id
    }

    static let setKeys = [
        "desiredAccuracy", "distanceFilter", "activityType", "pausesAutomatically", "showsBackgroundIndicator",
        "headingFilter",
    ]

    /// The settings of a `set` step.
    static func change(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> LocationProperties.Change {
        try checkKeys(object, allowed: ["do"] + setKeys, what: "a set step", fail: fail)
        guard setKeys.contains(where: { object[$0] != nil }) else {
            throw fail("\"set\" needs at least one of \(list(setKeys))")
        }
        var change = LocationProperties.Change()
        if let raw = object["desiredAccuracy"] {
            let names = LocationAccuracy.named.map(\.name)
            guard let name = raw as? String, let accuracy = LocationAccuracy(name: name) else {
                throw fail("set \"desiredAccuracy\" must be one of \(list(names))")
            }
            change.desiredAccuracy = accuracy
        }
        if let raw = object["activityType"] {
            guard let name = raw as? String, let type = ActivityType(rawValue: name) else {
                throw fail("set \"activityType\" must be one of \(list(ActivityType.allCases.map(\.rawValue)))")
            }
            change.activityType = type
        }
        if object["distanceFilter"] != nil {
            change.distanceFilter =
                try filter(object, "distanceFilter", unit: "metres", maximum: nil, fail: fail).map {
                    $0.map(LocationProperties.Change.Distance.meters) ?? .noFilter
                }
        }
        if object["headingFilter"] != nil {
            change.headingFilter =
                try filter(object, "headingFilter", unit: "degrees", maximum: 360, fail: fail).map {
                    $0.map(LocationProperties.Change.Angle.degrees) ?? .noFilter
                }
        }
        change.pausesLocationUpdatesAutomatically = try bool(
            object,
            "pausesAutomatically",
            in: "a set step",
            fail: fail
        )
        change.showsBackgroundLocationIndicator = try bool(
            object,
            "showsBackgroundIndicator",
            in: "a set step",
            fail: fail
        )
        return change
    }

    /// A filter of a `set` step: `.some(nil)` for `"none"`, `.some(value)` for a number in range, `nil` when absent.
    static func filter(
        _ object: [String: Any],
        _ key: String,
        unit: String,
        maximum: Double?,
        fail: Fail
    ) throws(ScenarioError) -> Double?? {
        guard let raw = object[key] else { return nil }
        let range = maximum.map { "from 0 to \(Int($0))" } ?? "≥ 0"
        let message = "set \"\(key)\" must be \(unit) (a number \(range)) or \"none\""
        if let name = raw as? String {
            guard name == "none" else { throw fail(message) }
            return .some(nil)
        }
        guard !isBoolean(raw), let value = (raw as? NSNumber)?.doubleValue, value.isFinite, value >= 0,
            value <= (maximum ?? .infinity)
        else { throw fail(message) }
        return .some(value)
    }

    static let settingsStatuses = ["denied", "authorizedWhenInUse", "authorizedAlways", "notDetermined"]

    static func settings(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> Scenario.SettingsChange {
        try checkKeys(object, allowed: ["settings"], what: "a settings step", fail: fail)
        guard let values = object["settings"] as? [String: Any], !values.isEmpty else {
            throw fail("\"settings\" must be an object with any of \"status\", \"precise\", \"servicesEnabled\"")
        }
        try checkKeys(
            values,
            allowed: ["status", "precise", "servicesEnabled", "restricted"],
            what: "\"settings\"",
            fail: fail
        )
        var change = Scenario.SettingsChange()
        if let raw = values["status"] {
            guard let name = raw as? String, settingsStatuses.contains(name),
                let status = AuthorizationStatus(name: name)
            else { throw fail("settings \"status\" must be one of \(list(settingsStatuses))") }
            change.status = status
        }
        change.precise = try bool(values, "precise", in: "\"settings\"", fail: fail)
        change.servicesEnabled = try bool(values, "servicesEnabled", in: "\"settings\"", fail: fail)
        change.restricted = try bool(values, "restricted", in: "\"settings\"", fail: fail)
        return change
    }

    static func fix(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> Location {
        try checkKeys(object, allowed: ["fix"], what: "a fix step", fail: fail)
        guard let values = object["fix"] as? [String: Any] else {
            throw fail("\"fix\" must be an object such as {\"lat\": 48.8584, \"lon\": 2.2945, \"accuracy\": 5}")
        }
        try checkKeys(
            values,
            allowed: ["lat", "lon", "accuracy", "altitude", "speed", "course"],
            what: "\"fix\"",
            fail: fail
        )
        guard let lat = try number(values, "lat", in: "\"fix\"", fail: fail),
            let lon = try number(values, "lon", in: "\"fix\"", fail: fail)
        else { throw fail("\"fix\" needs \"lat\" and \"lon\" in degrees") }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { throw fail("\"fix\": lat must be −90…90 and lon −180…180") }
        let accuracy = try number(values, "accuracy", in: "\"fix\"", fail: fail) ?? 5
        guard accuracy >= 0, accuracy <= 4e7 else { throw fail("\"fix\": \"accuracy\" must be 0 to 40,000,000 metres") }
        for key in ["altitude", "speed", "course"] {
            if let value = try number(values, key, in: "\"fix\"", fail: fail), abs(value) > 1e7 {
                throw fail("\"fix\": \"\(key)\" is out of range (at most 10,000,000 in size)")
            }
        }
        return Location(
            coordinate: coordinate,
            altitude: try number(values, "altitude", in: "\"fix\"", fail: fail),
            horizontalAccuracy: accuracy,
            speed: try number(values, "speed", in: "\"fix\"", fail: fail),
            course: try number(values, "course", in: "\"fix\"", fail: fail),
            timestamp: Scenario.epoch
        )
    }

    static let promptNames = ["none"] + PermissionPrompt.Kind.allCases.map(\.rawValue)

    static func expectation(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> Scenario.Expectation {
        try checkKeys(object, allowed: ["expect"], what: "an expect step", fail: fail)
        guard let values = object["expect"] as? [String: Any], !values.isEmpty else {
            throw fail(
                "\"expect\" must be an object with any of \"status\", \"accuracy\", \"prompt\", \"result\", "
                    + "\"delivered\", \"lastFixPrecise\", \"diagnostics\", \"lastLocation\", \"monitoredRegions\", "
                    + "\"paused\""
            )
        }
        try checkKeys(
            values,
            allowed: [
                "status", "accuracy", "prompt", "result", "delivered", "lastFixPrecise",
                "diagnostics", "lastLocation", "monitoredRegions", "paused",
            ] + relaunchExpectationKeys + monitorExpectationKeys,
            what: "\"expect\"",
            fail: fail
        )
        var expectation = Scenario.Expectation()
        if let raw = values["status"] {
            guard let name = raw as? String, let status = AuthorizationStatus(name: name) else {
                throw fail("expect \"status\" must be one of \(list(AuthorizationStatus.allCases.map(\.description)))")
            }
            expectation.status = status
        }
        if let raw = values["accuracy"] {
            guard let name = raw as? String, let accuracy = AccuracyAuthorization(name: name) else {
                throw fail("expect \"accuracy\" must be \"full\" or \"reduced\"")
            }
            expectation.accuracy = accuracy
        }
        if let raw = values["prompt"] {
            guard let name = raw as? String, promptNames.contains(name) else {
                throw fail("expect \"prompt\" must be one of \(list(promptNames))")
            }
            expectation.prompt = name
        }
        if let raw = values["result"] {
            let allowed =
                AuthorizationStatus.allCases.map(\.description) + ["full", "reduced", "location"]
                + LocationError.Code.all.map(\.rawValue)
            guard let name = raw as? String, allowed.contains(name) else {
                throw fail(
                    "expect \"result\" must be a status name, \"full\", \"reduced\", \"location\" or an "
                        + "error id (\(LocationError.Code.all.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            expectation.result = name
        }
        if let raw = values["delivered"] {
            guard !isBoolean(raw), let count = raw as? Int, count >= 0 else {
                throw fail("expect \"delivered\" must be a whole number ≥ 0")
            }
            expectation.delivered = count
        }
        expectation.lastFixPrecise = try bool(values, "lastFixPrecise", in: "\"expect\"", fail: fail)
        if let raw = values["diagnostics"] {
            guard let names = raw as? [String] else {
                throw fail("expect \"diagnostics\" must be an array of diagnostic ids")
            }
            var diagnostics: [Diagnostic] = []
            for name in names {
                guard let diagnostic = Diagnostic(rawValue: name) else {
                    throw fail("unknown diagnostic \"\(name)\"; use \(list(Diagnostic.allCases.map(\.rawValue)))")
                }
                diagnostics.append(diagnostic)
            }
            expectation.diagnostics = diagnostics
        }
        if let raw = values["lastLocation"] {
            expectation.lastLocation = try lastLocation(raw, fail: fail)
        }
        if let raw = values["monitoredRegions"] {
            guard !isBoolean(raw), let count = raw as? Int, count >= 0 else {
                throw fail("expect \"monitoredRegions\" must be a whole number ≥ 0 (how many regions)")
            }
            expectation.monitoredRegions = count
        }
        expectation.paused = try bool(values, "paused", in: "\"expect\"", fail: fail)
        try relaunchExpectations(values, into: &expectation, fail: fail)
        try monitorExpectations(values, into: &expectation, fail: fail)
        return expectation
    }

    static func lastLocation(_ raw: Any, fail: Fail) throws(ScenarioError) -> Scenario.Expectation.LastLocation {
        let message = "expect \"lastLocation\" must be {\"lat\": …, \"lon\": …} in degrees, or \"none\""
        if let name = raw as? String {
            guard name == "none" else { throw fail(message) }
            return .noLocation
        }
        guard let object = raw as? [String: Any] else { throw fail(message) }
        try checkKeys(object, allowed: ["lat", "lon"], what: "\"lastLocation\"", fail: fail)
        guard let lat = try number(object, "lat", in: "\"lastLocation\"", fail: fail),
            let lon = try number(object, "lon", in: "\"lastLocation\"", fail: fail)
        else { throw fail(message) }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { throw fail("\"lastLocation\": lat must be −90…90 and lon −180…180") }
        return .coordinate(coordinate)
    }

    static func checkKeys(_ object: [String: Any], allowed: [String], what: String, fail: Fail) throws(ScenarioError) {
        let unknown = object.keys.filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw fail("unknown key \(list(unknown)) in \(what); allowed: \(list(allowed))")
        }
    }

    static func bool(_ object: [String: Any], _ key: String, in what: String, fail: Fail) throws(ScenarioError) -> Bool?
    {
        guard let raw = object[key] else { return nil }
        guard let value = raw as? Bool, isBoolean(raw) else {
            throw fail("\"\(key)\" in \(what) must be true or false")
        }
        return value
    }

    static func number(
        _ object: [String: Any],
        _ key: String,
        in what: String,
        fail: Fail
    ) throws(ScenarioError) -> Double? {
        guard let raw = object[key] else { return nil }
        guard !isBoolean(raw), let value = (raw as? NSNumber)?.doubleValue, value.isFinite else {
            throw fail("\"\(key)\" in \(what) must be a number")
        }
        return value
    }

    static func isBoolean(_ raw: Any) -> Bool { isSerializedBoolean(raw) }

    static func list(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
