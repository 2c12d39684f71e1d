import Foundation

/// The seven states of an app's location permission a screen has to draw, for previews and tests of its views.
///
/// ``LocationPermissionModel/preview(_:purposeKey:bearingSource:)`` makes a model in each from a ``SimulatedOS``, so
/// that a view is previewed with what the OS's rules give for the state, not with a hand-made ``Authorization``:
///
/// ```swift
/// #Preview("Approximate") {
///     RequestPreciseLocationButton(model: .preview(.approximate))
/// }
/// ```
///
/// and a test states what each view shows in it:
///
/// ```swift
/// let model = LocationPermissionModel.preview(.denied)
/// #expect(model.screen == .denied && model.screen.showsSettingsButton)
/// ```
public enum PermissionPreviewState: String, Hashable, Sendable, CaseIterable {
    /// The app has not asked yet: the person's grant is "Ask Next Time".
    case notDetermined
    /// The person chose "Never" for the app.
    case denied
    /// Parental controls or device management forbid location; the person said nothing yet.
    case restricted
    /// Location Services are off for the whole device; the app was allowed While Using, precisely.
    case servicesOff
    /// Allowed While Using with Precise Location off: fixes are approximate (kilometres wide).
    case approximate
    /// Allowed While Using with Precise Location on.
    case precise
    /// Allowed While Using with Precise Location off, and precise location allowed once for this use of the app
    /// (the temporary full accuracy prompt's "Allow Once").
    case temporaryPrecise

    /// Where the previewed device is: the raw fix of the OS's source (the Eiffel Tower, 5 m, heading east at 1.4 m/s).
    ///
    /// The app receives it as the OS hands it over in each state: precise as it is, approximate (a representative
    /// point of its cell, at least ``Coarsener/horizontalAccuracy`` wide) under reduced accuracy, and not at all when
    /// location is off.
    public static let position = Location(
        coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
        horizontalAccuracy: 5,
        speed: 1.4,
        course: 90,
        timestamp: Date(timeIntervalSince1970: 1_767_225_600)
    )

    /// The compass heading of the previewed device: 53° from true north (40° magnetic).
    public static let heading = Heading(
        magneticHeading: 40,
        trueHeading: 53,
        headingAccuracy: 5,
        timestamp: Date(timeIntervalSince1970: 1_767_225_600)
    )

    /// The person's kept grant in this state, as the Settings app keeps it.
    var grant: Grant {
        switch self {
        case .notDetermined, .restricted: Grant()
        case .denied: Grant(decision: .denied)
        case .servicesOff, .precise: Grant(decision: .whenInUse, precise: true)
        case .approximate, .temporaryPrecise: Grant(decision: .whenInUse, precise: false)
        }
    }

    /// Location Services and restrictions in this state.
    var device: DeviceSettings {
        switch self {
        case .restricted: DeviceSettings(restricted: true)
        case .servicesOff: DeviceSettings(servicesEnabled: false)
        case .notDetermined, .denied, .approximate, .precise, .temporaryPrecise: DeviceSettings()
        }
    }

    /// Whether the person allowed temporary full accuracy for this use of the app.
    var temporaryFullAccuracy: Bool { self == .temporaryPrecise }
}
