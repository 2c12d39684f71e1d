public import Whereabouts

/// The error an ``Whereabouts/LocationClient/unimplemented(fileID:filePath:line:column:)`` endpoint throws after
/// failing the test.
public struct UnimplementedEndpoint: Error, Hashable, Sendable, CustomStringConvertible {
    /// The endpoint's name, e.g. `"requestLocation"`.
    public let endpoint: String

    /// `"LocationClient.requestLocation is unimplemented; override it in this test"`.
    public var description: String {
        "LocationClient.\(endpoint) is unimplemented; override it in this test"
    }
}

/// A client for tests that fails on every endpoint a test does not override.
extension LocationClient {
    /// A client whose every endpoint fails the current test, naming itself, unless overridden.
    ///
    /// Override only the endpoints a feature should use; a call to any other fails the running test — Swift
    /// Testing's or XCTest's, through IssueReporting — at the line that made the client. Endpoints that can throw
    /// also throw ``UnimplementedEndpoint``; the others return an inert value (a `.notDetermined` authorization,
    /// finished streams).
    ///
    /// ```swift
    /// var client = LocationClient.unimplemented()
    /// client.authorization = { Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy) }
    /// client.requestLocation = { Location(coordinate: paris, horizontalAccuracy: 5, timestamp: .now) }
    /// await feature.onAppear(client)   // any other call fails the test, at the line above
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file to report failures at; the caller's by default.
    ///   - filePath: The full path of that file.
    ///   - line: The line to report failures at; the caller's by default.
    ///   - column: The column to report failures at.
    /// - Returns: The failing client.
    public static func unimplemented(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> LocationClient {
        .failing { endpoint in
            let error = UnimplementedEndpoint(endpoint: endpoint)
            TestFailure.report(error.description, fileID: fileID, filePath: filePath, line: line, column: column)
            return error
        }
    }
}
