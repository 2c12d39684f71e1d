import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// `LocationClient.unimplemented()` in Swift Testing: a call to an endpoint not overridden fails the test at the
/// line that made the client, and throws where the endpoint can.
struct UnimplementedTests {
    @Test("a call to an endpoint not overridden fails the test at the line that made the client")
    func failsAtTheCallersLine() async {
        let line = #line + 1
        let client = LocationClient.unimplemented()
        await withKnownIssue {
            _ = await client.authorization()
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
                && issue.comments.contains {
                    $0.rawValue == "LocationClient.authorization is unimplemented; override it in this test"
                }
        }
    }

    @Test("an endpoint that can throw fails the test and throws UnimplementedEndpoint naming itself")
    func throwingEndpointThrows() async throws {
        let client = LocationClient.unimplemented()
        var thrown: (any Error)?
        await withKnownIssue {
            do {
                _ = try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
            } catch {
                thrown = error
            }
        }
        #expect((thrown as? UnimplementedEndpoint)?.endpoint == "requestTemporaryFullAccuracy")
    }

    @Test("a scripted person fails the test at the line that made it when a prompt has no answer")
    func scriptedPersonFailsAtTheCallersLine() async throws {
        let line = #line + 1
        let person = ScriptedPerson()
        let engine = AuthorizationEngine(
            appID: "com.example.test",
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: person
        )
        var outcome: AuthorizationOutcome?
        await withKnownIssue {
            outcome = try? await engine.requestWhenInUseAuthorization()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("no answer left") }
        }
        #expect(outcome?.status == .denied, "the prompt nobody scripted is declined")
        #expect(person.prompts.map(\.kind) == [.whenInUse])
    }
}
