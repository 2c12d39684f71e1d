#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
public import SwiftUI

/// The title and action of the "Request Precise Location" button, given to a ``RequestPreciseLocationStyle``.
public struct RequestPreciseLocationStyleConfiguration {
    /// The button's title.
    public let title: Text
    /// Asks for temporary precise location with the model's purpose key (the system's accuracy prompt comes up).
    public let request: @MainActor () -> Void
}
#endif
