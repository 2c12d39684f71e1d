import Foundation
import Whereabouts

/// The steps and expectations of condition monitors and geofences: `openMonitor`, `closeMonitor`, `addCondition`,
/// `removeCondition`, `startGeofences`, `stopGeofences`, and `expect`'s `conditionStates`, `monitorEvents`,
/// `lastMonitorEvent` and `geofenceEvents`.
extension ScenarioParser {
    /// The `do` actions of monitors and geofences.
    static let monitorActions = [
        "openMonitor", "closeMonitor", "addCondition", "removeCondition", "startGeofences", "stopGeofences",
    ]

    /// The `expect` keys of monitors and geofences.
    static let monitorExpectationKeys = ["conditionStates", "monitorEvents", "lastMonitorEvent", "geofenceEvents"]

    /// The monitor a step names with `"monitor"`, or `"monitor"` when it names none.
    static func monitorName(_ object: [String: Any], in what: String, fail: Fail) throws(ScenarioError) -> String {
        guard let raw = object["monitor"] else { return "monitor" }
        guard let name = raw as? String, !name.isEmpty else {
            throw fail("\(what): \"monitor\" must be a non-empty string naming the monitor, such as \"places\"")
        }
        return name
    }

    /// Reads a `do` step of monitors and geofences.
    static func monitorAction(
        _ name: String,
        _ object: [String: Any],
        fail: Fail
    ) throws(ScenarioError)
        -> Scenario.Action
    {
        switch name {
        case "openMonitor", "closeMonitor":
            try checkKeys(object, allowed: ["do", "monitor"], what: "this step", fail: fail)
            let monitor = try monitorName(object, in: name, fail: fail)
            return name == "openMonitor" ? .openMonitor(name: monitor) : .closeMonitor(name: monitor)
        case "addCondition":
            return try addCondition(object, fail: fail)
        case "removeCondition":
            try checkKeys(object, allowed: ["do", "monitor", "id"], what: "this step", fail: fail)
            guard let id = object["id"] as? String, !id.isEmpty else {
                throw fail("removeCondition needs \"id\": the identifier the condition was added under")
            }
            return .removeCondition(monitor: try monitorName(object, in: name, fail: fail), id: id)
        case "startGeofences":
            try checkKeys(object, allowed: ["do", "fences"], what: "this step", fail: fail)
            return .startGeofences(try fences(object, fail: fail))
        default:
            try checkKeys(object, allowed: ["do"], what: "this step", fail: fail)
            return .stopGeofences
        }
    }

    private static func addCondition(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> Scenario.Action {
        try checkKeys(
            object,
            allowed: ["do", "monitor", "id", "lat", "lon", "radius", "uuid", "major", "minor", "assuming"],
            what: "this step",
            fail: fail
        )
        guard let id = object["id"] as? String, !id.isEmpty else {
            throw fail("addCondition needs \"id\": a non-empty string naming the condition, such as \"office\"")
        }
        let condition: MonitorCondition
        if object["uuid"] != nil {
            guard object["lat"] == nil, object["lon"] == nil, object["radius"] == nil else {
                throw fail(
                    "addCondition takes a circle (\"lat\", \"lon\", \"radius\") or a beacon (\"uuid\"), not both"
                )
            }
            guard let text = object["uuid"] as? String, let uuid = UUID(uuidString: text) else {
                throw fail("addCondition: \"uuid\" must be a UUID such as \"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\"")
            }
            let major = try beaconNumber(object, "major", fail: fail)
            let minor = try beaconNumber(object, "minor", fail: fail)
            if minor != nil, major == nil {
                throw fail("addCondition: \"minor\" needs \"major\", as Core Location has it")
            }
            condition = .beaconIdentity(uuid: uuid, major: major, minor: minor)
        } else {
            guard let lat = try number(object, "lat", in: "addCondition", fail: fail),
                let lon = try number(object, "lon", in: "addCondition", fail: fail),
                let radius = try number(object, "radius", in: "addCondition", fail: fail)
            else {
                throw fail(
                    "addCondition needs \"lat\", \"lon\" and \"radius\" (metres) for a circle, or \"uuid\" for a beacon"
                )
            }
            let center = Coordinate(latitude: lat, longitude: lon)
            guard center.isValid, radius > 0, radius <= 4e7 else {
                throw fail("addCondition: lat must be −90…90, lon −180…180 and radius above 0 and at most 40,000 km")
            }
            condition = .circularGeographic(center: center, radius: radius)
        }
        var assumed = MonitorConditionState.unknown
        if let raw = object["assuming"] {
            let names = MonitorConditionState.allCases.map(\.rawValue)
            guard let name = raw as? String, let state = MonitorConditionState(rawValue: name) else {
                throw fail("addCondition: \"assuming\" must be one of \(list(names))")
            }
            assumed = state
        }
        return .addCondition(
            monitor: try monitorName(object, in: "addCondition", fail: fail),
            id: id,
            condition: condition,
            assuming: assumed
        )
    }

    private static func beaconNumber(
        _ object: [String: Any],
        _ key: String,
        fail: Fail
    ) throws(ScenarioError)
        -> UInt16?
    {
        guard let raw = object[key] else { return nil }
        guard !isBoolean(raw), let value = raw as? Int, (0...65_535).contains(value) else {
            throw fail("addCondition: \"\(key)\" must be a whole number from 0 to 65535")
        }
        return UInt16(value)
    }

    private static func fences(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> [Geofence] {
        guard let list = object["fences"] as? [Any], !list.isEmpty else {
            throw fail(
                "startGeofences needs \"fences\": a non-empty array of {\"id\", \"lat\", \"lon\", \"radius\"}"
            )
        }
        var fences: [Geofence] = []
        var seen: Set<String> = []
        for (index, raw) in list.enumerated() {
            let what = "startGeofences fence \(index + 1)"
            guard let fence = raw as? [String: Any] else { throw fail("\(what) must be an object") }
            try checkKeys(fence, allowed: ["id", "lat", "lon", "radius"], what: what, fail: fail)
            guard let id = fence["id"] as? String, !id.isEmpty else {
                throw fail("\(what) needs \"id\": a non-empty string")
            }
            guard seen.insert(id).inserted else {
                throw fail("\(what): \"id\" \"\(id)\" is used twice; ids are unique")
            }
            guard let lat = try number(fence, "lat", in: what, fail: fail),
                let lon = try number(fence, "lon", in: what, fail: fail),
                let radius = try number(fence, "radius", in: what, fail: fail)
            else { throw fail("\(what) needs \"lat\", \"lon\" and \"radius\" (metres)") }
            let center = Coordinate(latitude: lat, longitude: lon)
            guard center.isValid, radius > 0, radius <= 4e7 else {
                throw fail("\(what): lat must be −90…90, lon −180…180 and radius above 0 and at most 40,000 km")
            }
            fences.append(Geofence(id: id, center: center, radius: radius))
        }
        return fences
    }

    /// Reads `expect`'s `conditionStates`, `monitorEvents`, `lastMonitorEvent` and `geofenceEvents`.
    static func monitorExpectations(
        _ values: [String: Any],
        into expectation: inout Scenario.Expectation,
        fail: Fail
    ) throws(ScenarioError) {
        let stateNames = MonitorConditionState.allCases.map(\.rawValue)
        if let raw = values["conditionStates"] {
            guard let states = raw as? [String: Any], !states.isEmpty else {
                throw fail("expect \"conditionStates\" must be an object such as {\"office\": \"satisfied\"}")
            }
            var parsed: [String: MonitorConditionState] = [:]
            for (id, value) in states {
                guard let name = value as? String, let state = MonitorConditionState(rawValue: name) else {
                    throw fail("expect \"conditionStates\" \"\(id)\" must be one of \(list(stateNames))")
                }
                parsed[id] = state
            }
            expectation.conditionStates = parsed
        }
        if let raw = values["monitorEvents"] {
            guard !isBoolean(raw), let count = raw as? Int, count >= 0 else {
                throw fail("expect \"monitorEvents\" must be a whole number ≥ 0 (how many events the app received)")
            }
            expectation.monitorEvents = count
        }
        if let raw = values["lastMonitorEvent"] {
            expectation.lastMonitorEvent = try lastMonitorEvent(raw, stateNames: stateNames, fail: fail)
        }
        if let raw = values["geofenceEvents"] {
            guard let events = raw as? [String],
                events.allSatisfy({ $0.hasPrefix("entered ") || $0.hasPrefix("exited ") })
            else {
                throw fail("expect \"geofenceEvents\" must be an array such as [\"entered cafe\", \"exited cafe\"]")
            }
            expectation.geofenceEvents = events
        }
    }

    private static func lastMonitorEvent(
        _ raw: Any,
        stateNames: [String],
        fail: Fail
    ) throws(ScenarioError)
        -> Scenario.Expectation.MonitorEventExpectation
    {
        guard let object = raw as? [String: Any], !object.isEmpty else {
            throw fail("expect \"lastMonitorEvent\" must be an object with any of \"id\", \"state\", \"flags\"")
        }
        try checkKeys(object, allowed: ["id", "state", "flags"], what: "\"lastMonitorEvent\"", fail: fail)
        var expected = Scenario.Expectation.MonitorEventExpectation()
        if let rawID = object["id"] {
            guard let id = rawID as? String else { throw fail("\"lastMonitorEvent\" \"id\" must be a string") }
            expected.id = id
        }
        if let rawState = object["state"] {
            guard let name = rawState as? String, let state = MonitorConditionState(rawValue: name) else {
                throw fail("\"lastMonitorEvent\" \"state\" must be one of \(list(stateNames))")
            }
            expected.state = state
        }
        if let rawFlags = object["flags"] {
            let names = MonitorEvent.Flag.allCases.map(\.rawValue)
            guard let given = rawFlags as? [String] else {
                throw fail("\"lastMonitorEvent\" \"flags\" must be an array of \(list(names))")
            }
            var flags: Set<MonitorEvent.Flag> = []
            for name in given {
                guard let flag = MonitorEvent.Flag(rawValue: name) else {
                    throw fail("unknown flag \"\(name)\" in \"lastMonitorEvent\"; use \(list(names))")
                }
                flags.insert(flag)
            }
            expected.flags = flags
        }
        return expected
    }
}
