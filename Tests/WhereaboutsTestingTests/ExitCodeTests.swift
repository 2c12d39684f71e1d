import Foundation
import Testing

/// Every exit code of the command article's one table ("The whereabouts command", section "Exit codes"), run: each
/// command and code the table fills has a case here, and each case exits as the table says.
@Suite(.timeLimit(.minutes(5)))
struct ExitCodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var command: String
        var code: Int32
        /// A bash script; `$W` is the binary, `$D` a fresh folder.
        var script: String

        var testDescription: String { "\(command) \(code)" }
    }

    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func lintFixture(_ name: String) -> String {
        root.appendingPathComponent("Tests/WhereaboutsLintTests/Fixtures/Projects/\(name)").path
    }

    static func scenario(_ name: String) -> String {
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures")?.path ?? name
    }

    static let answered = CLIShell.answered
    static let cases: [Case] = [
        Case(command: "track", code: 0, script: #""$W" track --limit 2 "# + answered),
        Case(command: "track", code: 1, script: #""$W" track --source "$D/missing.gpx" "# + answered),
        Case(command: "track", code: 3, script: #""$W" track --consent-file "$D/c.json" < /dev/null"#),
        Case(command: "track", code: 64, script: #""$W" track --speed -1 "# + answered),
        Case(command: "track", code: 74, script: #""$W" track --limit 2 "# + answered + " > /dev/full"),
        Case(command: "consent", code: 0, script: #""$W" consent list --consent-file "$D/c.json""#),
        Case(
            command: "consent",
            code: 1,
            script: #""$W" consent set com.example.app --status never --consent-file /dev/null/c.json"#
        ),
        Case(command: "consent", code: 64, script: #""$W" consent set com.example.app"#),
        Case(command: "consent", code: 74, script: #""$W" consent list --consent-file "$D/c.json" > /dev/full"#),
        Case(command: "simulate", code: 0, script: #""$W" simulate --scenario '\#(scenario("passing"))'"#),
        Case(command: "simulate", code: 1, script: #""$W" simulate --scenario '\#(scenario("failing"))'"#),
        Case(command: "simulate", code: 2, script: #""$W" simulate --scenario '\#(scenario("malformed"))'"#),
        Case(command: "simulate", code: 64, script: #""$W" simulate --format nope"#),
        Case(command: "simulate", code: 74, script: #""$W" simulate > /dev/full"#),
        Case(
            command: "lint",
            code: 0,
            script: #""$W" lint '\#(lintFixture("Rule-missing-usage-description-negative"))'"#
        ),
        Case(command: "lint", code: 1, script: #""$W" lint "$D/missing""#),
        Case(
            command: "lint",
            code: 2,
            script: #""$W" lint '\#(lintFixture("Rule-missing-usage-description-positive"))'"#
        ),
        Case(command: "lint", code: 3, script: #"mkdir "$D/empty" && "$W" lint "$D/empty""#),
        Case(command: "lint", code: 64, script: #""$W" lint --format nope "$D""#),
        Case(
            command: "lint",
            code: 74,
            script: #""$W" lint --format json '\#(lintFixture("Rule-missing-usage-description-negative"))' > /dev/full"#
        ),
    ]

    @Test("each documented exit code of each command", arguments: cases)
    func documentedCase(_ example: Case) async throws {
        let result = try await CLIShell.run(example.script, seconds: 120)
        #expect(!result.timedOut)
        #expect(result.status == example.code, "\(example.script)\n\(result.stderr)")
    }

    @Test("the article has one exit-code table, and every code it gives a command has a case here")
    func tableAndCasesAgree() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/Whereabouts/Whereabouts.docc/TheWhereaboutsCommand.md"
            ),
            encoding: .utf8
        )
        let headers = article.split(separator: "\n").filter { $0.hasPrefix("| Code |") }
        #expect(headers.count == 1, "exit-code tables: \(headers)")
        let commands = ["track", "consent", "simulate", "lint"]
        var documented: Set<String> = []
        for row in article.split(separator: "\n") where row.hasPrefix("| ") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6, let code = Int32(cells[0]) else { continue }
            for (index, command) in commands.enumerated() where cells[index + 2] != "—" {
                documented.insert("\(command) \(code)")
            }
        }
        let tested = Set(Self.cases.map { "\($0.command) \($0.code)" })
        #expect(documented.subtracting(tested).isEmpty, "documented, not tested")
        #expect(tested.subtracting(documented).isEmpty, "tested, not documented")
    }
}
