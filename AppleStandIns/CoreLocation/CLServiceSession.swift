// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
internal import Whereabouts

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
        public var authorizationDenied: Bool { standIn.contains(.authorizationDenied) }
        /// Location Services are off for the device.
        public var authorizationDeniedGlobally: Bool { standIn.contains(.authorizationDeniedGlobally) }
        /// Authorization is restricted (parental controls, a profile).
        public var authorizationRestricted: Bool { standIn.contains(.authorizationRestricted) }
        /// The app is not in use enough for its When In Use authorization.
        public var insufficientlyInUse: Bool { standIn.contains(.insufficientlyInUse) }
        /// The person declined full accuracy for the session's purpose key.
        public var fullAccuracyDenied: Bool { standIn.contains(.fullAccuracyDenied) }
        /// The person did not grant Always.
        public var alwaysAuthorizationDenied: Bool { standIn.contains(.alwaysAuthorizationDenied) }
        /// The app requires explicit service sessions, and holds none that asks for authorization.
        public var serviceSessionRequired: Bool { standIn.contains(.serviceSessionRequired) }
        /// An authorization prompt is on screen.
        public var authorizationRequestInProgress: Bool { standIn.contains(.authorizationRequestInProgress) }

        // The runnable model (not Apple's).
        let standIn: Set<Whereabouts.Diagnostic>

        init(standIn diagnostics: Set<Whereabouts.Diagnostic>) {
            standIn = diagnostics
        }
    }

    /// `CLServiceSession.Diagnostics`: the session's diagnostics, each change, as an asynchronous sequence.
    public final class Diagnostics: AsyncSequence {
        /// Each element is the session's state.
        public typealias Element = Diagnostic

        /// `CLServiceSession.Diagnostics.Iterator`.
        public struct Iterator: AsyncIteratorProtocol {
            /// The next diagnostic, or `nil` when the sequence ends.
            public mutating func next() async throws -> Diagnostic? {
                await standIn.next().map(Diagnostic.init(standIn:))
            }

            // The runnable model (not Apple's).
            let standIn: StandInDiagnosticsIterator
        }

        /// An iterator over the diagnostics.
        public func makeAsyncIterator() -> Iterator {
            Iterator(standIn: StandInDiagnosticsIterator(standIn()))
        }

        // The runnable model (not Apple's).
        let standIn: @Sendable () -> AsyncStream<Set<Whereabouts.Diagnostic>>

        init(standIn: @escaping @Sendable () -> AsyncStream<Set<Whereabouts.Diagnostic>>) {
            self.standIn = standIn
        }
    }

    /// A session asking for an authorization.
    public init(authorization: AuthorizationRequirement) {
        (standInHost, standInToken) = Self.standInStart(authorization, fullAccuracyPurposeKey: nil)
    }
    /// A session asking for an authorization, and for temporary full accuracy with a key of
    /// `NSLocationTemporaryUsageDescriptionDictionary`.
    public init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {
        (standInHost, standInToken) = Self.standInStart(authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
    }

    /// The session's diagnostics.
    public var diagnostics: Diagnostics {
        let (host, token) = (standInHost, standInToken)
        return Diagnostics {
            MainActor.assumeIsolated { host.serviceSessionDiagnostics(token) }?() ?? AsyncStream { $0.finish() }
        }
    }

    /// Ends the session.
    public func invalidate() {
        let (host, token) = (standInHost, standInToken)
        MainActor.assumeIsolated { host.stopServiceSession(token) }
    }

    // The runnable model (not Apple's): the session is started on the device's newest location manager, after the
    // calls made on it before.
    private let standInHost: SimulatedLocationManager
    private let standInToken: Int

    private static func standInStart(
        _ authorization: AuthorizationRequirement,
        fullAccuracyPurposeKey: String?
    ) -> (SimulatedLocationManager, Int) {
        let requirement: ServiceSession.AuthorizationRequirement =
            switch authorization {
            case .none: .noAuthorization
            case .whenInUse: .whenInUse
            case .always: .always
            }
        return MainActor.assumeIsolated {
            let host = StandInDevice.required(by: "A CLServiceSession").sessionHost
            let token = host.startServiceSession(
                authorization: requirement,
                fullAccuracyPurposeKey: fullAccuracyPurposeKey,
                receive: { _ in }
            )
            return (host, token ?? 0)
        }
    }
}
