// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

// Checked against CLServiceSession.h of the iOS 18.0 SDK (API_UNAVAILABLE(macos) on the requirement enum, the
// diagnostic, the class and each of its methods) and Apple's page documentation/corelocation/clservicesession-pt7n
// (no macOS); for visionOS the page says 1.0 and the header 2.0, and the header is followed.
/// `CLServiceSession`: the app's declared goal for location authorization, which Core Location asks for when it
/// can (iOS 18, Mac Catalyst 18, watchOS 11, visionOS 2, tvOS 18; not macOS). Neither `@MainActor` nor `Sendable`
/// here (the stricter reading).
#if WHEREABOUTS_STANDIN_MACOS
@available(*, unavailable, message: "CLServiceSession is not available on macOS")
#endif
@available(macOS, unavailable)
@available(iOS 18, macCatalyst 18, watchOS 11, visionOS 2, tvOS 18, *)
public final class CLServiceSession {
    /// `CLServiceSession.AuthorizationRequirement` (`NSInteger`).
    public enum AuthorizationRequirement: Int, Sendable {
        /// No authorization is asked for; the session only meets an explicit-service-session requirement.
        case none = 0
        /// When In Use.
        case whenInUse = 1
        /// Always.
        #if WHEREABOUTS_STANDIN_TVOS
        @available(*, unavailable, message: "CLServiceSession.AuthorizationRequirement.always is not available on tvOS")
        #endif
        @available(tvOS, unavailable)
        case always = 2
    }

    /// `CLServiceSession.Diagnostic`: what stands between the app and its declared goal.
    public struct Diagnostic {
        /// The person denied the app authorization.
        public var authorizationDenied: Bool { fatalError() }
        /// Location Services are off for the device.
        public var authorizationDeniedGlobally: Bool { fatalError() }
        /// Authorization is restricted (parental controls, a profile).
        public var authorizationRestricted: Bool { fatalError() }
        /// The app is not in use enough for its When In Use authorization.
        public var insufficientlyInUse: Bool { fatalError() }
        /// The person declined full accuracy for the session's purpose key.
        public var fullAccuracyDenied: Bool { fatalError() }
        /// The person did not grant Always.
        public var alwaysAuthorizationDenied: Bool { fatalError() }
        /// The app requires explicit service sessions, and holds none that asks for authorization.
        public var serviceSessionRequired: Bool { fatalError() }
        /// An authorization prompt is on screen.
        public var authorizationRequestInProgress: Bool { fatalError() }
    }

    /// `CLServiceSession.Diagnostics`: the session's diagnostics, each change, as an asynchronous sequence.
    public final class Diagnostics: AsyncSequence {
        /// Each element is the session's state.
        public typealias Element = Diagnostic

        /// `CLServiceSession.Diagnostics.Iterator`.
        public struct Iterator: AsyncIteratorProtocol {
            /// The next diagnostic, or `nil` when the sequence ends.
            public mutating func next() async throws -> Diagnostic? { fatalError() }
        }

        /// An iterator over the diagnostics.
        public func makeAsyncIterator() -> Iterator { fatalError() }
    }

    /// A session asking for an authorization.
    public init(authorization: AuthorizationRequirement) { fatalError() }
    /// A session asking for an authorization, and for temporary full accuracy with a key of
    /// `NSLocationTemporaryUsageDescriptionDictionary`.
    public init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) { fatalError() }

    /// The session's diagnostics.
    public var diagnostics: Diagnostics { fatalError() }

    /// Ends the session.
    public func invalidate() { fatalError() }
}
