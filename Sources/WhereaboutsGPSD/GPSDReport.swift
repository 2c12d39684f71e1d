public import Foundation
public import Whereabouts

/// A gpsd `TPV` report: time, position and velocity from one device.
///
/// Names follow gpsd's JSON keys. Every field is optional: gpsd's first report after a device
/// appears often carries only `mode` and error estimates, and `mode` 0 or 1 means no fix at all.
/// ``location`` turns a report into a ``Whereabouts/Location`` when it holds a fix.
///
/// ```swift
/// let report = GPSDReport(mode: 3, time: date, lat: 52.52, lon: 13.40, altMSL: 35.2, eph: 17.1)
/// report.location?.altitude   // 35.2
/// ```
public struct GPSDReport: Hashable, Sendable {
    /// The device that reported, as gpsd names it (`/dev/ttyUSB0`, `tcp://host:port`).
    public var device: String?
    /// The fix: 0 unknown, 1 none, 2 two-dimensional, 3 three-dimensional.
    public var mode: Int?
    /// When the fix was measured (UTC).
    public var time: Date?
    /// Latitude in degrees, north positive.
    public var lat: Double?
    /// Longitude in degrees, east positive.
    public var lon: Double?
    /// Height above the WGS 84 ellipsoid in metres.
    public var altHAE: Double?
    /// Height above mean sea level in metres.
    public var altMSL: Double?
    /// gpsd's older name for `altMSL`, still sent by gpsd 3.22.
    public var alt: Double?
    /// Estimated horizontal position error in metres (95 %).
    public var eph: Double?
    /// Estimated longitude error in metres (95 %).
    public var epx: Double?
    /// Estimated latitude error in metres (95 %).
    public var epy: Double?
    /// Estimated vertical error in metres (95 %).
    public var epv: Double?
    /// Speed over ground in metres per second.
    public var speed: Double?
    /// Course over ground in degrees from true north.
    public var track: Double?
    /// Vertical speed in metres per second, up positive.
    public var climb: Double?

    /// Creates a report; every field defaults to absent.
    ///
    /// - Parameters:
    ///   - device: The reporting device.
    ///   - mode: The fix mode, 0…3.
    ///   - time: When the fix was measured.
    ///   - lat: Latitude in degrees.
    ///   - lon: Longitude in degrees.
    ///   - altHAE: Height above the ellipsoid in metres.
    ///   - altMSL: Height above mean sea level in metres.
    ///   - alt: The older name for `altMSL`.
    ///   - eph: Horizontal error estimate in metres.
    ///   - epx: Longitude error estimate in metres.
    ///   - epy: Latitude error estimate in metres.
    ///   - epv: Vertical error estimate in metres.
    ///   - speed: Speed in metres per second.
    ///   - track: Course in degrees.
    ///   - climb: Vertical speed in metres per second.
    public init(
        device: String? = nil,
        mode: Int? = nil,
        time: Date? = nil,
        lat: Double? = nil,
        lon: Double? = nil,
        altHAE: Double? = nil,
        altMSL: Double? = nil,
        alt: Double? = nil,
        eph: Double? = nil,
        epx: Double? = nil,
        epy: Double? = nil,
        epv: Double? = nil,
        speed: Double? = nil,
        track: Double? = nil,
        climb: Double? = nil
    ) {
        self.device = device
        self.mode = mode
        self.time = time
        self.lat = lat
        self.lon = lon
        self.altHAE = altHAE
        self.altMSL = altMSL
        self.alt = alt
        self.eph = eph
        self.epx = epx
        self.epy = epy
        self.epv = epv
        self.speed = speed
        self.track = track
        self.climb = climb
    }

    /// The horizontal accuracy used when gpsd sends no error estimate, in metres.
    public static let defaultHorizontalAccuracy = 10.0

    /// Whether the report holds a fix: `mode` is 2 (2-D) or 3 (3-D).
    public var hasFix: Bool { (mode ?? 0) >= 2 }

    /// The report as a location, or `nil` when it holds no usable fix.
    ///
    /// A location needs `mode` ≥ 2 and a valid `lat`, `lon` and `time`. Its horizontal accuracy
    /// is `eph`, else the larger of `epx` and `epy`, else
    /// ``defaultHorizontalAccuracy``. gpsd does not state the certainty of these estimates (older
    /// gpsd documentation said 95 %); they are passed on unchanged, so they may be larger than
    /// Core Location's 68 % radius. Altitude (`altMSL`, else `alt`) and vertical accuracy (`epv`)
    /// are given for a 3-D fix only; `altHAE` alone is height above the ellipsoid, not above sea
    /// level, and is not used. Speed is `speed` and course is `track`.
    ///
    /// Values are checked against ``Whereabouts/LocationLimits`` as Core Location would: a negative or
    /// absurd horizontal accuracy (`eph: -5`) makes the report no fix at all, and an altitude, `epv`,
    /// speed or course outside its range is left out (``check`` says which and why).
    public var location: Location? {
        check?.location
    }

    /// The report's location checked against ``Whereabouts/LocationLimits``, or `nil` when the report holds no
    /// fix (`mode` below 2, or no `lat`, `lon` or `time`).
    ///
    /// ``location`` is this check's location; its problems say what was left out, or why the fix is invalid.
    public var check: LocationLimits.Check? {
        guard let mode, mode >= 2, let lat, let lon, let time else { return nil }
        let horizontal = eph ?? Self.larger(epx, epy) ?? Self.defaultHorizontalAccuracy
        let is3D = mode >= 3
        let raw = Location(
            coordinate: Coordinate(latitude: lat, longitude: lon),
            altitude: is3D ? (altMSL ?? alt) : nil,
            horizontalAccuracy: horizontal,
            verticalAccuracy: is3D ? epv : nil,
            speed: speed,
            course: track,
            timestamp: time
        )
        return LocationLimits.check(raw)
    }

    private static func larger(_ first: Double?, _ second: Double?) -> Double? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }
}
