/// How both readers turn a dilution of precision into an accuracy in metres.
///
/// A DOP of 1 is taken as 5 m, the user-equivalent range error of a consumer receiver, so HDOP × 5 m
/// is the horizontal accuracy and VDOP × 5 m the vertical one. A fix without HDOP gets 10 m, a
/// consumer GPS outdoors; one without VDOP has no vertical accuracy.
enum DOPAccuracy {
    /// The metres one unit of dilution of precision stands for.
    static let metresPerDOP = 5.0
    /// The horizontal accuracy of a fix without HDOP, in metres.
    static let horizontalWithoutDOP = 10.0

    /// The horizontal accuracy of a fix with this HDOP, in metres.
    static func horizontal(hdop: Double?) -> Double {
        hdop.map { $0 * metresPerDOP } ?? horizontalWithoutDOP
    }

    /// The vertical accuracy of a fix with this VDOP, in metres, or `nil` without one.
    static func vertical(vdop: Double?) -> Double? {
        vdop.map { $0 * metresPerDOP }
    }
}
