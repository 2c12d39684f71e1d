/// How accurate the app would like its fixes, as `CLLocationManager.desiredAccuracy`.
///
/// A hint, as on iOS: the engine records it and reports it, and only ``reduced`` changes what the app
/// receives (approximate fixes, even when the person allowed precise location). The other values never make a
/// fix more precise than the person allowed.
///
/// ```swift
/// try await client.set(desiredAccuracy: .reduced)   // approximate fixes from now on
/// ```
public enum LocationAccuracy: Hashable, Sendable, CustomStringConvertible {
    /// `kCLLocationAccuracyBestForNavigation`.
    case bestForNavigation
    /// `kCLLocationAccuracyBest`, iOS's default.
    case best
    /// `kCLLocationAccuracyNearestTenMeters`.
    case nearestTenMeters
    /// `kCLLocationAccuracyHundredMeters`.
    case hundredMeters
    /// `kCLLocationAccuracyKilometer`.
    case kilometer
    /// `kCLLocationAccuracyThreeKilometers`.
    case threeKilometers
    /// `kCLLocationAccuracyReduced`: approximate fixes, whatever the person allowed.
    case reduced
    /// Another value in metres.
    case meters(Double)

    /// The named values, in the order of their names in ``name``.
    public static let named: [LocationAccuracy] = [
        .bestForNavigation, .best, .nearestTenMeters, .hundredMeters, .kilometer, .threeKilometers, .reduced,
    ]

    /// The value as scenarios and reports spell it: `"best"`, `"reduced"`, or metres such as `"25 m"`.
    public var name: String {
        switch self {
        case .bestForNavigation: "bestForNavigation"
        case .best: "best"
        case .nearestTenMeters: "nearestTenMeters"
        case .hundredMeters: "hundredMeters"
        case .kilometer: "kilometer"
        case .threeKilometers: "threeKilometers"
        case .reduced: "reduced"
        case .meters(let metres): "\(metres) m"
        }
    }

    /// The named value with this name.
    ///
    /// - Parameter name: A name of ``named``, e.g. `"hundredMeters"`.
    public init?(name: String) {
        guard let value = Self.named.first(where: { $0.name == name }) else { return nil }
        self = value
    }

    /// Same as ``name``.
    public var description: String { name }
}
