// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).
public import Foundation

/// `OpenURLAction`: the environment's action that opens a URL.
@MainActor @preconcurrency
public struct OpenURLAction {
    /// Opens a URL, as the system does.
    @MainActor @preconcurrency
    public func callAsFunction(_ url: URL) {}
}

extension OpenURLAction: Sendable {}
