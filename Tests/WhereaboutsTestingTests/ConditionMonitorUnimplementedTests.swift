import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// `ConditionMonitor.unimplemented(name:)`: each endpoint not overridden fails the test at the line that made the
/// monitor, naming itself; an overridden one answers.
@Suite(.timeLimit(.minutes(3)))
struct ConditionMonitorUnimplementedTests {
    @Test func anEndpointNotOverriddenFailsTheTestAtTheCallersLine() async {
        let line = #line + 1
        let monitor = ConditionMonitor.unimplemented(name: "places")
        await withKnownIssue {
            _ = await monitor.identifiers()
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
                && issue.comments.contains {
                    $0.rawValue == "ConditionMonitor.identifiers is unimplemented; override it in this test"
                }
        }
    }

    @Test func anOverriddenEndpointAnswersWithoutFailing() async {
        var monitor = ConditionMonitor.unimplemented(name: "places")
        monitor.identifiers = { ["office"] }

        #expect(await monitor.identifiers() == ["office"])
        #expect(monitor.name == "places")
    }
}
