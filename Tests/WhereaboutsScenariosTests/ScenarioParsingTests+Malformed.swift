import Foundation
import Testing
import WhereaboutsScenarios

/// Scenarios that must be refused, each with the step and the words its error names.
extension ScenarioParsingTests {
    /// A scenario that must be refused: the step it names (`nil`: the whole file) and words the message must hold.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var step: Int?
        var mentions: [String]
        var testDescription: String { name }

        /// A scenario whose second step is `step` (the first is valid).
        static func step(_ name: String, _ step: String, _ mentions: String...) -> Malformed {
            Malformed(
                name: name,
                json: #"{"appID": "a.b", "steps": [{"app": "launch"}, \#(step)]}"#,
                step: 2,
                mentions: mentions
            )
        }

        static func file(_ name: String, _ json: String, _ mentions: String...) -> Malformed {
            Malformed(name: name, json: json, step: nil, mentions: mentions)
        }
    }

    static let malformed: [Malformed] = [
        .file("invalid JSON", #"{"appID": "a.b", "steps": [{"do": "requestWhenInUse"}"#, "is not valid JSON"),
        .file("invalid JSON names its line", "{\"appID\": \"a.b\",\n\"steps\": tru }", "line 2, column"),
        .step("a wait too long to represent", #"{"wait": {"seconds": 1e300}}"#, "a number from 0 to 1,000,000,000"),
        .step(
            "a fix accuracy out of range",
            #"{"fix": {"lat": 1, "lon": 1, "accuracy": 1e300}}"#,
            "\"accuracy\" must be"
        ),
        .step(
            "a region radius out of range",
            #"{"do": "startMonitoringRegion", "lat": 1, "lon": 1, "radius": 1e300}"#,
            "at most 40,000 km"
        ),
        .file("truncated JSON names the last line", "{\"appID\": \"a.b\",\n\"steps\": [\n", "line 3, column 1"),
        .file("top level not an object", #"[{"do": "requestWhenInUse"}]"#, "top level must be an object"),
        .file("missing appID", #"{"steps": []}"#, "\"appID\"", "non-empty string"),
        .file("empty appID", #"{"appID": "", "steps": []}"#, "\"appID\"", "non-empty string"),
        .file("missing steps", #"{"appID": "a.b"}"#, "\"steps\" must be an array"),
        .file("unknown top-level key", #"{"appID": "a.b", "step": [], "steps": []}"#, "unknown key \"step\""),
        .file(
            "temporary purposes as an array",
            #"{"appID": "a.b", "info": {"NSLocationTemporaryUsageDescriptionDictionary": ["Nav"]}, "steps": []}"#,
            "info",
            "NSLocationTemporaryUsageDescriptionDictionary",
            "must be a dictionary"
        ),
        .file(
            "device not an object",
            #"{"appID": "a.b", "device": true, "steps": []}"#,
            "\"device\" must be an object"
        ),
        .step("step not an object", #""requestWhenInUse""#, "a step must be an object"),
        .step("unknown step kind", #"{"teleport": "Paris"}"#, "unknown step", "\"teleport\""),
        .step(
            "two kinds in one step",
            #"{"do": "requestWhenInUse", "app": "launch"}"#,
            "exactly one of",
            "\"do\", \"app\""
        ),
        .step("unknown do action", #"{"do": "requestEverything"}"#, "\"do\" must be one of", "requestWhenInUse"),
        .step(
            "temporary full accuracy without purposeKey",
            #"{"do": "requestTemporaryFullAccuracy"}"#,
            "requestTemporaryFullAccuracy needs \"purposeKey\""
        ),
        .step(
            "region without radius",
            #"{"do": "startMonitoringRegion", "lat": 52.5, "lon": 13.4}"#,
            "startMonitoringRegion needs",
            "\"radius\""
        ),
        .step(
            "region with a zero radius",
            #"{"do": "startMonitoringRegion", "lat": 52.5, "lon": 13.4, "radius": 0}"#,
            "radius above 0"
        ),
        .step(
            "unknown key in a do step",
            #"{"do": "requestWhenInUse", "purposeKey": "Nav"}"#,
            "unknown key \"purposeKey\""
        ),
        .step("unknown person answer", #"{"person": "allowAlways"}"#, "\"person\" must be one of", "allowOnce"),
        .step("unknown app event", #"{"app": "suspend"}"#, "\"app\" must be one of", "background"),
        .step("unknown expect key", #"{"expect": {"colour": "blue"}}"#, "unknown key \"colour\" in \"expect\""),
        .step("empty expect", #"{"expect": {}}"#, "\"expect\" must be an object with any of"),
        .step(
            "bad status name",
            #"{"expect": {"status": "authorised"}}"#,
            "expect \"status\" must be one of",
            "authorizedWhenInUse"
        ),
        .step(
            "bad accuracy name",
            #"{"expect": {"accuracy": "precise"}}"#,
            "expect \"accuracy\"",
            "\"full\" or \"reduced\""
        ),
        .step(
            "bad prompt name",
            #"{"expect": {"prompt": "always"}}"#,
            "expect \"prompt\" must be one of",
            "alwaysUpgrade"
        ),
        .step("bad result", #"{"expect": {"result": "granted"}}"#, "expect \"result\" must be"),
        .step(
            "bad diagnostic id",
            #"{"expect": {"diagnostics": ["lost"]}}"#,
            "unknown diagnostic \"lost\"",
            "authorizationDenied"
        ),
        .step("delivered as a string", #"{"expect": {"delivered": "1"}}"#, "\"delivered\" must be a whole number"),
        .step("delivered negative", #"{"expect": {"delivered": -1}}"#, "\"delivered\" must be a whole number ≥ 0"),
        .step("delivered a boolean", #"{"expect": {"delivered": true}}"#, "\"delivered\" must be a whole number"),
        .step("delivered a fraction", #"{"expect": {"delivered": 1.5}}"#, "\"delivered\" must be a whole number"),
        .step(
            "precise as a string",
            #"{"person": "allowWhileUsing", "precise": "yes"}"#,
            "\"precise\" in a person step must be true or false"
        ),
        .step(
            "precise as a number",
            #"{"person": "allowWhileUsing", "precise": 1}"#,
            "\"precise\" in a person step must be true or false"
        ),
        .step(
            "lastFixPrecise as a number",
            #"{"expect": {"lastFixPrecise": 0}}"#,
            "\"lastFixPrecise\"",
            "true or false"
        ),
        .step(
            "settings status restricted",
            #"{"settings": {"status": "restricted"}}"#,
            "settings \"status\" must be one of"
        ),
        .step("fix without lon", #"{"fix": {"lat": 48.8}}"#, "\"fix\" needs \"lat\" and \"lon\""),
        .step("fix off the globe", #"{"fix": {"lat": 91, "lon": 0}}"#, "lat must be −90…90"),
        .step(
            "fix with a boolean accuracy",
            #"{"fix": {"lat": 1, "lon": 1, "accuracy": true}}"#,
            "\"accuracy\" in \"fix\" must be a number"
        ),
        .step("wait negative", #"{"wait": {"seconds": -5}}"#, "\"wait\" needs \"seconds\": a number from 0"),
        .step("wait as a number", #"{"wait": 60}"#, "\"wait\" must be an object"),
    ]

    @Test(arguments: malformed)
    func aMalformedScenarioNamesTheFileTheStepAndTheProblem(_ malformed: Malformed) throws {
        let error = try #require(throws: ScenarioError.self) {
            try Self.parse(malformed.json, file: "flows/bad.json")
        }
        #expect(error.file == "flows/bad.json")
        #expect(error.step == malformed.step, "\(error)")
        for words in malformed.mentions {
            #expect(error.message.contains(words), "“\(error.message)” should say \(words)")
        }
        let prefix = malformed.step.map { "flows/bad.json: step \($0): " } ?? "flows/bad.json: "
        #expect(error.description == prefix + error.message)
    }

    @Test func theStepNumberCountsFromOne() throws {
        let error = try #require(throws: ScenarioError.self) {
            try Self.steps(#"{"app": "launch"}, {"do": "startUpdates"}, {"wait": {"seconds": 1}}, {"app": "nap"}"#)
        }
        #expect(error.step == 4)
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
        let path = "/nonexistent/whereabouts-\(UUID().uuidString).json"
        let error = try #require(throws: ScenarioError.self) {
            try Scenario(contentsOf: URL(fileURLWithPath: path))
        }
        #expect(error.file == path)
        #expect(error.step == nil)
        #expect(error.description.hasPrefix(path + ": cannot be read"), "\(error)")
    }
}
