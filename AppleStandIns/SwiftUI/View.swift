// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).
// Only what WhereaboutsUI uses, declared as Apple's SDK declares it.

/// `View`: main-actor isolated, with a body built by `ViewBuilder`.
@MainActor @preconcurrency
public protocol View {
    /// The type of the view's body.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder @MainActor @preconcurrency
    var body: Self.Body { get }
}

// Not Apple's declaration: the body of the primitive views below (their `Body` is `Never`), which never runs.
extension View where Body == Never {
    /// Traps: a primitive view has no body.
    public var body: Never { fatalError("stand-in") }
}

extension Never: View {}

// Apple declares these in an extension of their own (in CoreTransferable since the iOS 18 SDK), not in the one that
// conforms `Never` to `View`, so `body` is not isolated to the main actor.
extension Never {
    /// `Never` is the body of primitive views.
    public typealias Body = Never
    /// Traps: `Never` has no value.
    public var body: Never { fatalError("stand-in") }
}

extension Optional: View where Wrapped: View {
    /// An optional view (`ViewBuilder.buildIf(_:)`) is a primitive view.
    public typealias Body = Never
}
