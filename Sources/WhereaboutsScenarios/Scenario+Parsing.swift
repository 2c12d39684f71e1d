public import Foundation
import Whereabouts

extension Scenario {
    /// Reads a scenario file.
    ///
    /// - Parameter url: The JSON file.
    /// - Throws: ``ScenarioError`` naming the file, the step and what is wrong.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(file: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
        try self.init(data: data, file: url.path)
    }

    /// Reads a scenario from JSON.
    ///
    /// - Parameters:
    ///   - data: The JSON.
    ///   - file: The name to use in errors.
    /// - Throws: ``ScenarioError`` naming the file, the step and what is wrong.
    public init(data: Data, file: String = "<scenario>") throws(ScenarioError) {
        func fail(_ message: String, step: Int? = nil) -> ScenarioError {
            ScenarioError(file: file, step: step, message: message)
        }
        // The steps are parsed one at a time (see ScenarioStepsSplitter): the document's own objects are built
        // without them, so a long scenario never holds all its steps as Foundation objects at once.
        let split = data.withUnsafeBytes { ScenarioStepsSplitter.split($0) }
        var document = data
        if let split {
            let base = data.startIndex
            document =
                data[base..<base + split.array.lowerBound] + Data("[]".utf8)
                + data[(base + split.array.upperBound)...]
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: document, options: [])
        } catch {
            throw fail(Self.describeSyntaxError(error, in: data))
        }
        guard let object = root as? [String: Any] else {
            throw fail("the top level must be an object with \"appID\", \"info\", \"device\" and \"steps\"")
        }
        try ScenarioParser.checkKeys(
            object,
            allowed: ["appID", "info", "device", "steps", "name", "description", "platform"],
            what: "the top level",
            fail: { fail($0) }
        )
        guard let appID = object["appID"] as? String, !appID.isEmpty else {
            throw fail("\"appID\" must be a non-empty string such as \"com.example.demo\"")
        }
        var platform = Platform.iOS
        if let raw = object["platform"] {
            let allowed = Platform.allCases.map { "\"\($0)\"" }.joined(separator: ", ")
            guard let name = raw as? String, let named = Platform(rawValue: name) else {
                let given = (raw as? String).map { "\"\($0)\"" } ?? "\(raw)"
                throw fail("\"platform\" must be one of \(allowed) (absent means \"ios\"), not \(given)")
            }
            platform = named
        }
        var info = UsageDescriptions()
        if let raw = object["info"] {
            guard let dictionary = raw as? [String: Any] else {
                throw fail("\"info\" must be an object of Info.plist keys")
            }
            do {
                info = try UsageDescriptions(dictionary: dictionary, file: "\(file): info")
            } catch {
                throw ScenarioError(
                    file: file,
                    message: "info: \(error.description.replacingOccurrences(of: "\(file): info: ", with: ""))"
                )
            }
        }
        var device = DeviceSettings()
        if let raw = object["device"] {
            guard let dictionary = raw as? [String: Any] else {
                throw fail("\"device\" must be an object such as {\"servicesEnabled\": true, \"restricted\": false}")
            }
            try ScenarioParser.checkKeys(
                dictionary,
                allowed: ["servicesEnabled", "restricted"],
                what: "\"device\"",
                fail: { fail($0) }
            )
            device.servicesEnabled =
                try ScenarioParser.bool(
                    dictionary,
                    "servicesEnabled",
                    in: "\"device\"",
                    fail: { fail($0) }
                ) ?? true
            device.restricted =
                try ScenarioParser.bool(dictionary, "restricted", in: "\"device\"", fail: { fail($0) }) ?? false
        }
        guard let rawSteps = object["steps"] as? [Any] else {
            throw fail("\"steps\" must be an array of step objects")
        }
        var steps: [Step] = []
        if let split {
            steps.reserveCapacity(split.elements.count)
            let base = data.startIndex
            for (offset, range) in split.elements.enumerated() {
                let raw: Any
                do {
                    raw = try JSONSerialization.jsonObject(
                        with: data[(base + range.lowerBound)..<(base + range.upperBound)],
                        options: [.fragmentsAllowed]
                    )
                } catch {
                    // The whole document gives the error its line and column.
                    throw fail(Self.syntaxError(in: data) ?? Self.describeSyntaxError(error, in: data))
                }
                steps.append(try ScenarioParser.step(raw) { fail($0, step: offset + 1) })
            }
        } else {
            for (offset, raw) in rawSteps.enumerated() {
                steps.append(try ScenarioParser.step(raw) { fail($0, step: offset + 1) })
            }
        }
        self.init(appID: appID, info: info, device: device, steps: steps, platform: platform)
    }

    /// The syntax error of a whole document, described with its line and column; `nil` when it parses.
    static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [])
            return nil
        } catch {
            return describeSyntaxError(error, in: data)
        }
    }

    /// Turns Foundation's JSON error ("around character 16", "end of file") into a line and column.
    static func describeSyntaxError(_ error: any Error, in data: Data) -> String {
        let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
        let bytes = [UInt8](data)
        var offset: Int?
        if let range = detail.range(of: "character ") {
            offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
        } else if detail.localizedCaseInsensitiveContains("end of file") || detail.contains("end of data") {
            offset = bytes.count
        }
        guard let offset else { return "is not valid JSON (\(detail)); check it with `python3 -m json.tool FILE`" }
        let prefix = bytes.prefix(offset)
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column): is not valid JSON (\(detail)); a bracket, brace, comma or quote "
            + "is missing or extra near there"
    }
}
