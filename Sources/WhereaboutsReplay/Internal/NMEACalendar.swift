/// Civil dates in UTC as whole days since 1970-01-01, without `Calendar`: NMEA times are UTC,
/// and this is on the hot path of every epoch.
enum NMEACalendar {
    /// The days from 1970-01-01 to a date of the proleptic Gregorian calendar, or `nil` when the
    /// date does not exist (the 30th of February).
    ///
    /// Howard Hinnant's `days_from_civil`.
    static func days(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day), (-100_000...100_000).contains(year) else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let check = civil(days)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        return days
    }

    /// The date of a day counted from 1970-01-01 (Hinnant's `civil_from_days`).
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
