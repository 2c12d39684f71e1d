// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
internal import Whereabouts

/// `CLBackgroundActivitySession`: iOS 17, Mac Catalyst 17, watchOS 10, visionOS 1; not macOS.
#if WHEREABOUTS_STANDIN_MACOS
@available(*, unavailable, message: "CLBackgroundActivitySession is not available on macOS")
#elseif WHEREABOUTS_STANDIN_TVOS
@available(*, unavailable, message: "CLBackgroundActivitySession is not available on tvOS")
#endif
@available(macOS, unavailable) @available(tvOS, unavailable)
@available(iOS 17, macCatalyst 17, watchOS 10, visionOS 1, *)
public final class CLBackgroundActivitySession: Sendable {
    /// Starts a session; keep it stored, and start it in the foreground.
    public init() {
        standInHost = MainActor.assumeIsolated {
            let host = StandInDevice.required(by: "A CLBackgroundActivitySession").sessionHost
            _ = host.startBackgroundActivitySession()
            return host
        }
    }
    /// Ends the session.
    public func invalidate() {
        let host = standInHost
        MainActor.assumeIsolated { host.stopBackgroundActivitySession() }
    }

    // The runnable model (not Apple's): the session reaches the OS through the device's newest location manager.
    private let standInHost: SimulatedLocationManager
}
