import Whereabouts

/// Civil dates in UTC as whole days since 1970-01-01, without `Calendar`: NMEA times are UTC,
/// and this is on the hot path of every epoch.
enum NMEACalendar {
    /// The days from 1970-01-01 to a date of the proleptic Gregorian calendar, or `nil` when the
    /// date does not exist (the 30th of February).
    ///
    /// Howard Hinnant's `days_from_civil`.
    static func days(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day), (-100_000...100_000).contains(year) else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let check = civil(days)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        return days
    }

    /// The date of a day counted from 1970-01-01.
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        CivilCalendar.civil(days)
    }

    /// `"2025-06-01T12:00:05Z"`, with milliseconds when there are any (`"12:00:05.250Z"`).
    static func iso8601(days: Int, milliseconds: Int) -> String {
        let date = civil(days)
        let seconds = milliseconds / 1000
        var text = "\(date.year)-\(pad(date.month))-\(pad(date.day))T"
        text += "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
        let fraction = milliseconds % 1000
        if fraction != 0 { text += "." + String(String(fraction + 1000).dropFirst()) }
        return text + "Z"
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
