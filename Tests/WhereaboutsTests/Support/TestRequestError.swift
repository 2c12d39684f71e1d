@testable import Whereabouts

/// A request's ticket completed with another kind of result than the request makes: the OS mixed up its tickets.
struct TestRequestError: Error, CustomStringConvertible {
    /// What the request makes.
    let expected: String
    /// What its ticket held.
    let got: SimulatedOS.RequestResult

    var description: String {
        "the OS completed the ticket with \(got) where the request makes \(expected); check submit(_:for:) and finish"
    }
}
