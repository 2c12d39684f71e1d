public import Whereabouts

/// A condition monitor for tests that fails on every endpoint a test does not override.
extension ConditionMonitor {
    /// A monitor whose every endpoint fails the current test, naming itself, unless overridden; as
    /// ``Whereabouts/LocationClient/unimplemented(fileID:filePath:line:column:)`` for the client.
    ///
    /// A call to an endpoint not overridden fails the running test at the line that made the monitor, and returns an
    /// inert value: no identifiers, no record, a finished stream.
    ///
    /// ```swift
    /// var monitor = ConditionMonitor.unimplemented(name: "places")
    /// monitor.record = { _ in MonitorRecord(condition: office, lastEvent: arrived) }
    /// var client = LocationClient.unimplemented()
    /// client.openMonitor = { _ in monitor }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The monitor's name.
    ///   - fileID: The file to report failures at; the caller's by default.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report failures at; the caller's by default.
    ///   - column: The column to report failures at.
    /// - Returns: The failing monitor.
    public static func unimplemented(
        name: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ConditionMonitor {
        @Sendable func fail(_ endpoint: String) {
            TestFailure.report(
                "ConditionMonitor.\(endpoint) is unimplemented; override it in this test",
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
            )
        }
        return ConditionMonitor(
            name: name,
            identifiers: {
                fail("identifiers")
                return []
            },
            add: { _, _, _ in fail("add") },
            remove: { _ in fail("remove") },
            record: { _ in
                fail("record")
                return nil
            },
            events: {
                fail("events")
                return AsyncStream { $0.finish() }
            },
            close: { fail("close") }
        )
    }
}
