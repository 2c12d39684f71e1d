import ConcurrencyExtras
import Whereabouts
import WhereaboutsTesting
import XCTest

/// `LocationClient.unimplemented()` and `ManualPerson` fail an XCTest test too (through IssueReporting), at the line
/// that made the client or made the misused call. XCTest has no `XCTExpectFailure` on Linux, so this case catches the
/// failures it expects in `recordFailure(withDescription:inFile:atLine:expected:)` and passes every other on.
final class UnimplementedXCTests: XCTestCase {
    /// A failure this case caught.
    struct Failure: Equatable, Sendable {
        var description: String
        var file: String
        var line: Int
    }

    /// The failures caught while ``expectingFailures(_:)`` runs; `nil` the rest of the time.
    private let caught = LockIsolated<[Failure]?>(nil)

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        let location = issue.sourceCodeContext.location
        let failure = Failure(
            description: issue.compactDescription,
            file: location?.fileURL.path ?? "",
            line: location?.lineNumber ?? 0
        )
        if !keep(failure) { super.record(issue) }
    }
    #else
    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        if !keep(Failure(description: description, file: filePath, line: lineNumber)) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    /// Keeps a failure while ``expectingFailures(_:)`` runs; returns whether it did.
    private func keep(_ failure: Failure) -> Bool {
        caught.withValue { caught in
            guard caught != nil else { return false }
            caught?.append(failure)
            return true
        }
    }

    /// Runs `body`, catching the failures it records instead of failing the test, and returns them.
    private func expectingFailures(_ body: () async -> Void) async -> [Failure] {
        caught.setValue([])
        await body()
        return caught.withValue { caught in
            defer { caught = nil }
            return caught ?? []
        }
    }

    func testAnEndpointNotOverriddenFailsTheTestAtTheLineThatMadeTheClient() async {
        let line = #line + 1
        let client = LocationClient.unimplemented()
        let failures = await expectingFailures {
            _ = await client.authorization()
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(
            failures.first?.description.contains("LocationClient.authorization is unimplemented") == true,
            "\(failures)"
        )
    }

    func testAReplyWithNoPromptOnScreenFailsTheTestAtItsLine() async {
        let person = ManualPerson()
        let line = #line + 2
        let failures = await expectingFailures {
            person.reply(.dontAllow)
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(
            failures.first?.description.contains("no prompt is on screen to answer dontAllow") == true,
            "\(failures)"
        )
    }

    func testAnOverriddenEndpointDoesNotFailTheTest() async {
        var client = LocationClient.unimplemented()
        client.authorization = { Authorization(status: .denied, accuracy: .fullAccuracy) }
        let failures = await expectingFailures {
            let authorization = await client.authorization()
            XCTAssertEqual(authorization.status, .denied)
        }
        XCTAssertEqual(failures, [])
    }
}
