import SwiftParser
import SwiftSyntax

/// Finds the location APIs a source file uses, and the string constants it declares.
///
/// Swift files are parsed with swift-syntax and walked once. A byte scan first finds where the file spells out a
/// location API's name: a file with none is not parsed for usages at all, and the walk skips the function bodies,
/// closures and initializers that hold none. Objective-C files are scanned best effort.
///
/// ```swift
/// let analyzer = SourceAnalyzer()
/// let source = #"let key = "Nav"\nmanager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: key)"#
/// let constants = analyzer.constants(inSwift: source)        // ["key": "Nav"]
/// let uses = analyzer.usages(inSwift: source, file: "App/Map.swift", constants: constants)
/// // [CodeUsage(.requestTemporaryFullAccuracy(purposeKey: "Nav"), at: App/Map.swift:2:9)]
/// ```
///
/// In a test, hand it a string and check the kinds and positions:
///
/// ```swift
/// @Test func findsTheRequest() {
///     let uses = SourceAnalyzer().usages(inSwift: "m.requestAlwaysAuthorization()", file: "A.swift", constants: [:])
///     #expect(uses == [CodeUsage(.requestAlways, at: SourcePosition(file: "A.swift", line: 1, column: 3))])
/// }
/// ```
struct SourceAnalyzer: Sendable {
    /// Creates an analyzer; it holds no state and can be shared between tasks.
    init() {}

    /// The string constants a Swift file declares, for resolving purpose keys passed through a name.
    ///
    /// Records `let key = "Nav"` at file level, `static let navigation = "Nav"` in a type (as `navigation`,
    /// `Type.navigation` and, for nested types, every longer qualification such as `Keys.Purpose.navigation`),
    /// and the cases of enums with string raw values (`case nav = "Nav"` as `nav` and `Purpose.nav`; a case of a
    /// `String` enum without a raw value has its own name as value). Constants local to a function body are not
    /// visible to other files and are left out; ``usages(inSwift:file:constants:)`` resolves them in their file.
    /// When a name is declared twice with different values, the first declaration wins.
    ///
    /// - Parameter source: The file's text.
    /// - Returns: The constants by name.
    func constants(inSwift source: String) -> [String: String] {
        guard SourceBytes.mayDeclareConstants(source) else { return [:] }
        let visitor = SwiftFileVisitor(mode: .constantsOnly, file: "", tree: Parser.parse(source: source))
        visitor.walk(visitor.tree)
        return visitor.constants
    }

    /// The location API uses in a Swift file.
    ///
    /// Only calls and assignments count: a method *declared* with one of the API names (in a protocol or a
    /// wrapper) is not a use, nor is a name in a comment or a string literal, nor a call of an app's own method of
    /// the same name (see ``SwiftFileAnalysis/usages(constants:receivers:)`` for how receivers are judged; here
    /// only this file's declarations are known). Purpose keys are resolved from a
    /// literal, then from the file's own constants (including those local to a function), then from `constants`.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The path to report, as is.
    ///   - constants: The union of the whole project's constants (see ``constants(inSwift:)``).
    /// - Returns: The uses, in source order, each at the line and column of the API's name.
    func usages(inSwift source: String, file: String, constants: [String: String]) -> [CodeUsage] {
        guard SourceBytes.mentionsLocationAPI(source) else { return [] }
        return analyze(swift: source, file: file).usages(constants: constants)
    }

    /// Parses a Swift file once and returns both its constants and its (not yet resolved) location API uses.
    ///
    /// This is what a linter over many files wants: one parse per file in the first pass, then
    /// ``SwiftFileAnalysis/usages(constants:)`` with the union of every file's
    /// ``SwiftFileAnalysis/constants`` once all files are done. The results equal those of
    /// ``constants(inSwift:)`` and ``usages(inSwift:file:constants:)``.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The path to report, as is.
    /// - Returns: The file's constants and its pending uses.
    func analyze(swift source: String, file: String) -> SwiftFileAnalysis {
        analyze(swift: source, file: file, scan: SourceBytes.scan(source))
    }

    /// ``analyze(swift:file:)`` with the file's bytes already scanned.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The path to report, as is.
    ///   - scan: `SourceBytes.scan(source)`.
    /// - Returns: The file's constants and its pending uses.
    func analyze(swift source: String, file: String, scan: SourceScan) -> SwiftFileAnalysis {
        let offsets = scan.locationAPIOffsets
        guard !offsets.isEmpty || scan.mayDeclareConstants || scan.mentionsLocationType else {
            return SwiftFileAnalysis()
        }
        let visitor = SwiftFileVisitor(
            mode: offsets.isEmpty ? .constantsOnly : .full(candidateOffsets: offsets),
            file: file,
            tree: Parser.parse(source: source)
        )
        visitor.walk(visitor.tree)
        return SwiftFileAnalysis(
            constants: visitor.constants,
            localConstants: visitor.localConstants,
            pending: visitor.usages,
            facts: visitor.facts,
            declaredTypes: visitor.declaredTypes,
            importsCoreLocation: visitor.importsCoreLocation
        )
    }

    /// The location API uses in an Objective-C file (`.m`, `.mm`), best effort.
    ///
    /// A small scanner, not a parser: it skips comments and string literals, then looks for message sends such
    /// as `[manager requestWhenInUseAuthorization]`,
    /// `[manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@"Nav" completion:…]` (the key read from
    /// an `@"…"` literal or a `NSString *const kKey = @"…"` constant in the same file),
    /// `manager.allowsBackgroundLocationUpdates = YES` (or `setAllowsBackgroundLocationUpdates:YES`),
    /// `desiredAccuracy = kCLLocationAccuracyBest`, `startMonitoringForRegion:`,
    /// `[CLServiceSession sessionRequiringAuthorization:…]` and `[CLBackgroundActivitySession …]`.
    /// Macros, `#if` branches and calls through variables holding selectors are not followed.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The path to report, as is.
    /// - Returns: The uses, in source order, each at the line and column of the selector or class name.
    func usages(inObjectiveC source: String, file: String) -> [CodeUsage] {
        guard SourceBytes.mentionsLocationAPI(source) else { return [] }
        return ObjectiveCScanner(source: source, file: file).usages()
    }
}
