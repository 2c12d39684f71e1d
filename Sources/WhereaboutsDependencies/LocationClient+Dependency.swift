public import Dependencies
public import Whereabouts

#if canImport(CoreLocation) && !(os(tvOS) || STANDIN_TVOS) && (canImport(UIKit) || canImport(AppKit) || os(watchOS) || STANDIN_WATCHOS)
import WhereaboutsCoreLocation
#endif

extension DependencyValues {
    /// The app's ``Whereabouts/LocationClient``, for features built with swift-dependencies or the
    /// Composable Architecture (as composable-core-location's `locationManager` was).
    ///
    /// The live value is `LocationClient.live()`, the platform's real location on Core Location, on iOS, iPadOS,
    /// Mac Catalyst, visionOS, macOS and watchOS. Elsewhere it reports an issue on every call and says how to provide
    /// a client, set once at launch: on Linux, which has no operating system to ask, a client on an engine and a
    /// source; on tvOS, whose Core Location has no live updates and no Always, a client of your own. The test value is
    /// unimplemented: every endpoint a test did not override fails the test (XCTest or Swift Testing) and names itself.
    ///
    /// ```swift
    /// @Dependency(\.locationClient) var locationClient
    /// let outcome = try await locationClient.requestWhenInUseAuthorization()
    /// ```
    ///
    /// In a test:
    ///
    /// ```swift
    /// try await withDependencies {
    ///     $0.locationClient.requestWhenInUseAuthorization = {
    ///         AuthorizationOutcome(status: .denied, accuracy: .fullAccuracy, resolution: .answered(.dontAllow))
    ///     }
    /// } operation: {
    ///     try await model.onFindMeTapped()   // any other location call fails the test
    /// }
    /// ```
    ///
    /// On Linux, set the live client at launch:
    ///
    /// ```swift
    /// prepareDependencies { $0.locationClient = .simulated(os: engine, source: source) }
    /// ```
    public var locationClient: LocationClient {
        get { self[LocationClientKey.self] }
        set { self[LocationClientKey.self] = newValue }
    }
}

/// The key of ``Dependencies/DependencyValues/locationClient``.
private enum LocationClientKey: DependencyKey {
    static var liveValue: LocationClient { .platformLive }

    static var testValue: LocationClient {
        .failing { endpoint in
            let message =
                "LocationClient.\(endpoint) is unimplemented; override it in this test with "
                + "`withDependencies { $0.locationClient.\(endpoint) = { ... } }`"
            reportIssue(message)
            return UnimplementedFailure(description: message)
        }
    }
}

#if canImport(CoreLocation) && !(os(tvOS) || STANDIN_TVOS) && (canImport(UIKit) || canImport(AppKit) || os(watchOS) || STANDIN_WATCHOS)
extension LocationClient {
    /// The dependency's live value here: Core Location's client.
    fileprivate static var platformLive: LocationClient { .live() }
}
#elseif os(tvOS) || STANDIN_TVOS
extension LocationClient {
    /// The dependency's live value here: an issue on each call, saying that Whereabouts has no client here.
    fileprivate static var platformLive: LocationClient {
        .failing { endpoint in
            let message =
                "LocationClient.\(endpoint) was called on the live location client, but Whereabouts has no Core "
                + "Location client on tvOS (its Core Location has no live updates and no Always); provide one at "
                + "launch with `prepareDependencies { $0.locationClient = LocationClient(...) }`"
            reportIssue(message)
            return UnimplementedFailure(description: message)
        }
    }
}
#else
extension LocationClient {
    /// The dependency's live value here: an issue on each call, saying how to provide a client.
    fileprivate static var platformLive: LocationClient {
        .failing { endpoint in
            let message =
                "LocationClient.\(endpoint) was called on the live location client, but this platform "
                + "has no Core Location; provide a client at launch with `prepareDependencies { "
                + "$0.locationClient = .simulated(os: engine, source: source) }` (a gpsd or replay source)"
            reportIssue(message)
            return UnimplementedFailure(description: message)
        }
    }
}
#endif
