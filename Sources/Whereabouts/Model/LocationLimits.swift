/// The ranges a location's values can physically take, and what a source does with a value outside them.
///
/// Every source of fixes (the GPX and NMEA readers, gpsd) checks what it reads against these ranges, so that
/// an app never receives a value no device could measure. Core Location marks a value it cannot vouch for as
/// invalid rather than passing it on (a negative `horizontalAccuracy` means the coordinate is invalid, a negative
/// `verticalAccuracy` that the altitude is, a negative `speed` or `course` that it is unknown); Whereabouts does
/// the same, with `nil` where Core Location reports −1:
///
/// - a fix whose coordinate is outside ±90° and ±180° or not finite, or whose horizontal accuracy is outside
///   ``horizontalAccuracy`` (negative, not finite, larger than half the Earth's circumference) is **invalid**:
///   it is skipped whole, with a warning;
/// - an altitude, vertical accuracy, speed or course outside its range (or not finite) is **dropped**: that
///   value becomes `nil`, with a warning, and the rest of the fix is kept. An invalid vertical accuracy drops
///   the altitude too, as Core Location's does.
///
/// The ranges are generous on purpose: they reject what is impossible for a device on or near the Earth (an
/// altitude of 10³⁰⁰ m, a speed of −10³⁰⁸ m/s, an accuracy of −5 m), not what is merely unusual (an aircraft at
/// 12 km, a car at 90 m/s).
///
/// ```swift
/// let fix = Location(coordinate: Coordinate(latitude: 52.52, longitude: 13.4), altitude: 1e300,
///                    horizontalAccuracy: 5, timestamp: date)
/// let checked = LocationLimits.check(fix)
/// checked.location?.altitude   // nil
/// checked.problems             // ["altitude 1e+300 m is outside -12000…100000 m; the altitude is dropped"]
/// ```
public enum LocationLimits {
    /// Latitudes, in degrees.
    public static let latitude: ClosedRange<Double> = -90...90
    /// Longitudes, in degrees.
    public static let longitude: ClosedRange<Double> = -180...180
    /// Horizontal accuracies, in metres: from exact to half the Earth's circumference (no point on the Earth is
    /// farther from another). Outside it the fix is invalid.
    public static let horizontalAccuracy: ClosedRange<Double> = 0...20_037_509
    /// Vertical accuracies, in metres: from exact to 100 km.
    public static let verticalAccuracy: ClosedRange<Double> = 0...100_000
    /// Altitudes above mean sea level, in metres: from below the deepest ocean trench (−11 km) to the edge of
    /// space (100 km).
    public static let altitude: ClosedRange<Double> = -12_000...100_000
    /// Speeds, in metres per second: up to the Earth's escape velocity (11.2 km/s), which nothing bound to the
    /// Earth exceeds.
    public static let speed: ClosedRange<Double> = 0...11_200
    /// Courses, in degrees clockwise from true north.
    public static let course: ClosedRange<Double> = 0...360

    /// What checking a location gave: the location (without the values that were dropped), or `nil` when it is
    /// invalid, and a sentence for each value outside its range.
    public struct Check: Hashable, Sendable {
        /// The location with every value outside its range removed, or `nil` when the fix itself is invalid.
        public var location: Location?
        /// What was wrong, one sentence per value: "altitude 1e+300 m is outside -12000…100000 m; the altitude
        /// is dropped". Empty when every value is within its range.
        public var problems: [String]
    }

    /// Checks every value of a location against its range.
    ///
    /// - Parameter location: The location as a source read it.
    /// - Returns: The location to deliver (or `nil` when it is invalid) and what was wrong with it.
    public static func check(_ location: Location) -> Check {
        var problems: [String] = []
        let coordinate = location.coordinate
        if !latitude.contains(coordinate.latitude) || !longitude.contains(coordinate.longitude) {
            problems.append(
                "coordinate \(coordinate.latitude), \(coordinate.longitude) is outside ±90°, ±180°; the fix is invalid"
            )
        }
        if !horizontalAccuracy.contains(location.horizontalAccuracy) {
            let reason =
                location.horizontalAccuracy < 0
                ? "is negative, which marks an invalid fix" : "is outside \(describe(horizontalAccuracy)) m"
            problems.append("horizontal accuracy \(location.horizontalAccuracy) m \(reason); the fix is skipped")
        }
        guard problems.isEmpty else { return Check(location: nil, problems: problems) }
        var checked = location
        if let value = location.verticalAccuracy, !verticalAccuracy.contains(value) {
            problems.append(
                "vertical accuracy \(value) m is outside \(describe(verticalAccuracy)) m; the altitude and its "
                    + "accuracy are dropped"
            )
            checked.verticalAccuracy = nil
            checked.altitude = nil
        }
        if let value = checked.altitude, !altitude.contains(value) {
            problems.append("altitude \(value) m is outside \(describe(altitude)) m; the altitude is dropped")
            checked.altitude = nil
            checked.verticalAccuracy = nil
        }
        if let value = location.speed, !speed.contains(value) {
            problems.append("speed \(value) m/s is outside \(describe(speed)) m/s; the speed is dropped")
            checked.speed = nil
        }
        if let value = location.course, !course.contains(value) {
            problems.append("course \(value)° is outside \(describe(course))°; the course is dropped")
            checked.course = nil
        }
        return Check(location: checked, problems: problems)
    }

    /// `-12000…100000`: a range for a message, in whole units.
    ///
    /// - Parameter range: The range.
    /// - Returns: Its bounds, written without fractions.
    public static func describe(_ range: ClosedRange<Double>) -> String {
        "\(Int(range.lowerBound))…\(Int(range.upperBound))"
    }
}
