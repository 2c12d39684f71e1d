/// A best-effort scanner for location API uses in Objective-C: tokens without comments, then a few patterns.
///
/// It is not a parser: macros, `#if` branches and selectors held in variables are not followed.
struct ObjectiveCScanner {
    /// One token: a name, a string literal's raw contents, a number or one punctuation byte.
    struct Token {
        enum Kind { case identifier, string, number, punctuation }

        var kind: Kind
        var text: String
        var line: Int
        var column: Int

        func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
    }

    private let bytes: [UInt8]
    private let file: String

    /// Prepares to scan `source`, reporting positions in `file`.
    init(source: String, file: String) {
        self.bytes = Array(source.utf8)
        self.file = file
    }

    /// The uses found, in source order.
    ///
    /// A message of a `CLLocationManager` method counts when its receiver is declared as a `CLLocationManager`
    /// (or a subclass the file declares) — an ivar, a property (also as `_name`), a local or a parameter — or is
    /// `[[CLLocationManager alloc] init]`; it does not when the receiver is declared with another class, or is
    /// `self` in a file that implements a method with that selector. Any other receiver counts when the file
    /// imports CoreLocation or MapKit, or names `CLLocationManager`.
    func usages() -> [CodeUsage] {
        let tokens = Token.tokenize(bytes)
        let constants = stringConstants(in: tokens)
        let receivers = ReceiverScan(tokens)
        var usages: [CodeUsage] = []
        var depth = 0
        var openBrackets: [Int] = []
        func token(_ index: Int) -> Token? { tokens.indices.contains(index) ? tokens[index] : nil }
        func add(_ kind: CodeUsage.Kind, _ token: Token) {
            usages.append(CodeUsage(kind, at: SourcePosition(file: file, line: token.line, column: token.column)))
        }
        /// Whether the message whose selector starts at `index` goes to a CLLocationManager, or may.
        func sentToLocationManager(_ index: Int) -> Bool {
            guard let open = openBrackets.last else { return false }
            return receivers.mayBeLocationManager(tokens[(open + 1)..<index], selector: tokens[index].text)
        }
        func isTrue(_ index: Int) -> Bool { ["YES", "true", "TRUE"].contains(token(index)?.text) }
        func isBest(_ index: Int) -> Bool {
            ["kCLLocationAccuracyBest", "kCLLocationAccuracyBestForNavigation"].contains(token(index)?.text)
        }
        func key(at index: Int) -> String? {
            guard let first = token(index) else { return nil }
            if first.is("@"), let literal = token(index + 1), literal.kind == .string { return literal.text }
            return first.kind == .identifier ? constants[first.text] : nil
        }

        for (index, current) in tokens.enumerated() {
            if current.is("[") {
                depth += 1
                openBrackets.append(index)
            }
            if current.is("]") {
                depth = max(0, depth - 1)
                _ = openBrackets.popLast()
            }
            guard current.kind == .identifier else { continue }
            let previous = token(index - 1)
            let next = token(index + 1)
            // A selector piece inside brackets, not the receiver and not `@selector(…)`.
            let isSelector = depth > 0 && previous.map { !$0.is("[") && !$0.is("(") } ?? false
            let isUnary = isSelector && next?.is("]") == true
            let isKeyword = isSelector && next?.is(":") == true
            let isPropertyAssignment =
                previous?.is(".") == true && next?.is("=") == true
                && token(index + 2)?.is("=") == false
            switch current.text {
            case "requestWhenInUseAuthorization" where isUnary && sentToLocationManager(index):
                add(.requestWhenInUse, current)
            case "requestAlwaysAuthorization" where isUnary && sentToLocationManager(index):
                add(.requestAlways, current)
            case "startMonitoringVisits" where isUnary && sentToLocationManager(index):
                add(.startMonitoringVisits, current)
            case "startMonitoringSignificantLocationChanges" where isUnary && sentToLocationManager(index):
                add(.startMonitoringSignificantLocationChanges, current)
            case "startMonitoringForRegion" where isKeyword && sentToLocationManager(index):
                add(.startMonitoringRegion, current)
            case "requestTemporaryFullAccuracyAuthorizationWithPurposeKey"
            where isKeyword && sentToLocationManager(index):
                add(.requestTemporaryFullAccuracy(purposeKey: key(at: index + 2)), current)
            case "allowsBackgroundLocationUpdates" where isPropertyAssignment && isTrue(index + 2),
                "setAllowsBackgroundLocationUpdates" where isKeyword && isTrue(index + 2):
                add(.allowsBackgroundLocationUpdates, current)
            case "desiredAccuracy" where isPropertyAssignment && isBest(index + 2),
                "setDesiredAccuracy" where isKeyword && isBest(index + 2):
                add(.desiresBestAccuracy, current)
            case "sessionRequiringAuthorization" where isKeyword:
                let authorization: String? =
                    switch token(index + 2)?.text {
                    case "CLServiceSessionAuthorizationRequirementWhenInUse": "whenInUse"
                    case "CLServiceSessionAuthorizationRequirementAlways": "always"
                    default: nil
                    }
                let hasKey = token(index + 3)?.text == "fullAccuracyPurposeKey" && token(index + 4)?.is(":") == true
                let purposeKey = hasKey ? key(at: index + 5) : nil
                add(.serviceSession(authorization: authorization, fullAccuracyPurposeKey: purposeKey), current)
            case "CLBackgroundActivitySession" where previous?.is("[") == true && next?.kind == .identifier:
                add(.backgroundActivitySession, current)
            default:
                break
            }
        }
        return usages
    }

    /// `NSString *const kKey = @"Nav";` and `#define kKey @"Nav"`, by name.
    private func stringConstants(in tokens: [Token]) -> [String: String] {
        var constants: [String: String] = [:]
        for index in tokens.indices where index + 3 < tokens.count && tokens[index].kind == .identifier {
            let isDefine = tokens[index].text == "define" && tokens[index + 1].kind == .identifier
            guard isDefine || tokens[index + 1].is("="), tokens[index + 2].is("@"), tokens[index + 3].kind == .string
            else { continue }
            let name = isDefine ? tokens[index + 1].text : tokens[index].text
            if constants[name] == nil { constants[name] = tokens[index + 3].text }
        }
        return constants
    }
}
