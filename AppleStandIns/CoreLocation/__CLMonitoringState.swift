// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

// Checked against CLMonitoringEvent.h of the iOS 18.0 SDK: `CLMonitoringState` (NSUInteger) is refined for Swift, so
// Swift sees it as `__CLMonitoringState` and spells it `CLMonitor.Event.State`. The enum has no availability of its
// own; only `CLMonitoringStateUnmonitored` has (iOS 17.2, macOS 14.2; not tvOS, watchOS or visionOS).
/// `CLMonitor.Event.State`: the state of a monitored condition (`CLMonitoringState`, `NSUInteger`).
public enum __CLMonitoringState: UInt, Sendable {
    /// The state is not known yet: a condition added without an assumed state starts here.
    case unknown = 0
    /// The condition is satisfied (inside the circle, the beacon in range).
    case satisfied = 1
    /// The condition is not satisfied.
    case unsatisfied = 2
    /// Core Location no longer monitors the condition (iOS 17.2, macOS 14.2).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "__CLMonitoringState.unmonitored is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "__CLMonitoringState.unmonitored is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "__CLMonitoringState.unmonitored is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    @available(iOS 17.2, macOS 14.2, macCatalyst 17.2, *)
    case unmonitored = 3
}
