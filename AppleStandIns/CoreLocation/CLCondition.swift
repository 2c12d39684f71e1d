// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

// Checked against Apple's page documentation/corelocation/clcondition-swift.protocol (the Swift protocol; the
// Objective-C class CLCondition of CLCondition.h is refined for Swift and not declared here).
/// `CLCondition`: what a `CLMonitor` watches for (iOS 17, Mac Catalyst 17, macOS 14; not watchOS, tvOS or visionOS).
///
/// Core Location's conditions are `CLMonitor.CircularGeographicCondition` and `CLMonitor.BeaconIdentityCondition`;
/// Apple asks apps not to write conditions of their own.
#if WHEREABOUTS_STANDIN_WATCHOS
@available(*, unavailable, message: "CLCondition is not available on watchOS")
#elseif WHEREABOUTS_STANDIN_VISIONOS
@available(*, unavailable, message: "CLCondition is not available on visionOS")
#elseif WHEREABOUTS_STANDIN_TVOS
@available(*, unavailable, message: "CLCondition is not available on tvOS")
#endif
@available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
@available(iOS 17, macOS 14, macCatalyst 17, *)
public protocol CLCondition: Decodable, Encodable, Sendable {}
