import Testing

/// The client an ``EngineHarness`` gives the app: the simulated client, or the client logic that runs on a device over
/// a location manager of the simulated OS.
enum HarnessClient: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `LocationClient.simulated(engine:source:)`.
    case simulated
    /// `LocationClient.simulatedManager(engine:source:clock:)`.
    case simulatedManager

    var testDescription: String { rawValue }
}
