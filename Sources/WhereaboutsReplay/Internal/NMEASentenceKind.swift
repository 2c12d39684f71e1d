import Whereabouts

/// The sentence types the reader uses.
enum NMEASentenceKind {
    case gga, rmc, gns, gll, zda, gsa, vtg, gsv

    init?(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        switch (first, second, third) {
        case (UInt8(ascii: "G"), UInt8(ascii: "G"), UInt8(ascii: "A")): self = .gga
        case (UInt8(ascii: "R"), UInt8(ascii: "M"), UInt8(ascii: "C")): self = .rmc
        case (UInt8(ascii: "G"), UInt8(ascii: "N"), UInt8(ascii: "S")): self = .gns
        case (UInt8(ascii: "G"), UInt8(ascii: "L"), UInt8(ascii: "L")): self = .gll
        case (UInt8(ascii: "Z"), UInt8(ascii: "D"), UInt8(ascii: "A")): self = .zda
        case (UInt8(ascii: "G"), UInt8(ascii: "S"), UInt8(ascii: "A")): self = .gsa
        case (UInt8(ascii: "V"), UInt8(ascii: "T"), UInt8(ascii: "G")): self = .vtg
        case (UInt8(ascii: "G"), UInt8(ascii: "S"), UInt8(ascii: "V")): self = .gsv
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .gga: "GGA"
        case .rmc: "RMC"
        case .gns: "GNS"
        case .gll: "GLL"
        case .zda: "ZDA"
        case .gsa: "GSA"
        case .vtg: "VTG"
        case .gsv: "GSV"
        }
    }

    /// The fields a sentence must have, up to the last one the reader uses: GGA through the geoid
    /// separation's unit, RMC through the date, GNS through the altitude, GLL through the status,
    /// ZDA through the year, GSA through VDOP, VTG's old four-field form, GSV's header.
    var minimumFields: Int {
        switch self {
        case .gga: 12
        case .rmc: 9
        case .gns: 9
        case .gll: 6
        case .zda: 4
        case .gsa: 17
        case .vtg: 4
        case .gsv: 3
        }
    }

    func parse(_ fields: inout NMEAFields, talker: UInt16) throws(NMEAFieldError) -> NMEASentence {
        switch self {
        case .gga: try Self.parseGGA(&fields)
        case .rmc: try Self.parseRMC(&fields)
        case .gns: try Self.parseGNS(&fields)
        case .gll: try Self.parseGLL(&fields)
        case .zda: try Self.parseZDA(&fields)
        case .gsa: try Self.parseGSA(&fields)
        case .vtg: try Self.parseVTG(&fields)
        case .gsv: try Self.parseGSV(&fields, talker: talker)
        }
    }

    private static func parseGGA(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let time = try fields.time(fields.next())
        let latitudeFields = (fields.next(), fields.next())
        let longitudeFields = (fields.next(), fields.next())
        let qualityField = fields.next()
        let quality = try fields.integer(qualityField, "the fix quality") ?? 0
        let (hdop, altitude) = try parseHDOPAndAltitude(&fields)
        // 6 is dead reckoning, 8 a simulator: positions nobody measured.
        let status: NMEAFixStatus = quality == 0 ? .none : quality == 6 || quality == 8 ? .estimated : .valid
        let (latitude, longitude) = try fields.position(latitudeFields, longitudeFields, status: status)
        if status != .none {
            try fields.requirePositionAndTime(
                latitude,
                longitude,
                time,
                claimedBy: qualityField,
                "fix quality \(quality)"
            )
        }
        return .gga(
            time: time,
            status: status,
            latitude: latitude,
            longitude: longitude,
            hdop: hdop,
            altitude: status == .none ? nil : altitude
        )
    }

    private static func parseRMC(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let time = try fields.time(fields.next())
        let statusField = fields.next()
        let statusLetter = try fields.letter(statusField, "the status")
        guard statusLetter == nil || statusLetter == UInt8(ascii: "A") || statusLetter == UInt8(ascii: "V") else {
            throw fields.error(statusField, "the status is \"\(fields.text(statusField))\", not A or V")
        }
        let latitudeFields = (fields.next(), fields.next())
        let longitudeFields = (fields.next(), fields.next())
        let speedField = fields.next()
        let knots = try fields.decimal(speedField, "the speed")
        let courseField = fields.next()
        let course = try fields.decimal(courseField, "the course")
        let day = try fields.date(fields.next())
        fields.skip(2)  // magnetic variation and its direction
        let mode = try fields.letter(fields.next(), "the mode")  // NMEA 2.3; N is "not valid"
        let status = Self.status(statusLetter, mode: mode)
        let (latitude, longitude) = try fields.position(latitudeFields, longitudeFields, status: status)
        if status == .valid {
            try fields.requirePositionAndTime(latitude, longitude, time, claimedBy: statusField, "status A")
        }
        if let knots, knots < 0 { throw fields.error(speedField, "the speed is negative") }
        if let knots, !LocationLimits.speed.contains(knots * 1852 / 3600) {
            let limits = LocationLimits.describe(LocationLimits.speed)
            throw fields.error(speedField, "the speed \(fields.text(speedField)) knots is outside \(limits) m/s")
        }
        if let course, !(0...360).contains(course) { throw fields.error(courseField, "the course is not 0–360°") }
        return .rmc(
            time: time,
            // Status V with no position (a receiver's cold start) is no fix; with one, an estimate.
            status: status == .estimated && (latitude == nil || longitude == nil || time == nil) ? .none : status,
            latitude: latitude,
            longitude: longitude,
            knots: knots,
            course: course,
            day: day
        )
    }

    /// The fields GGA and GNS share after the fix quality or mode: satellites used (skipped), HDOP (as metres,
    /// within the horizontal accuracy's limits) and the altitude (within its limits).
    private static func parseHDOPAndAltitude(
        _ fields: inout NMEAFields
    ) throws(NMEAFieldError) -> (hdop: Double?, altitude: Double?) {
        fields.skip(1)  // satellites used
        let hdop = try fields.decimal(
            fields.next(),
            "HDOP",
            scale: DOPAccuracy.metresPerDOP,
            within: LocationLimits.horizontalAccuracy,
            unit: " m"
        )
        let altitude = try fields.decimal(fields.next(), "the altitude", within: LocationLimits.altitude, unit: " m")
        return (hdop, altitude)
    }

    private static func parseGNS(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let time = try fields.time(fields.next())
        let latitudeFields = (fields.next(), fields.next())
        let longitudeFields = (fields.next(), fields.next())
        let modeField = fields.next()
        let (hdop, altitude) = try parseHDOPAndAltitude(&fields)
        // One mode letter per constellation (GPS, GLONASS, Galileo, BeiDou…): a fix when any of them has one.
        var status = NMEAFixStatus.none
        for index in modeField {
            switch fields.line[index] {
            case UInt8(ascii: "A"), UInt8(ascii: "D"), UInt8(ascii: "P"), UInt8(ascii: "R"), UInt8(ascii: "F"),
                UInt8(ascii: "M"):
                status = .valid
            case UInt8(ascii: "E"), UInt8(ascii: "S"):
                if status == .none { status = .estimated }
            case UInt8(ascii: "N"):
                break
            default:
                throw fields.error(modeField, "the mode \"\(fields.text(modeField))\" is not letters A, D, E, N…")
            }
        }
        let (latitude, longitude) = try fields.position(latitudeFields, longitudeFields, status: status)
        if status != .none {
            try fields.requirePositionAndTime(
                latitude,
                longitude,
                time,
                claimedBy: modeField,
                "mode \(fields.text(modeField))"
            )
        }
        return .gns(
            time: time,
            status: status,
            latitude: latitude,
            longitude: longitude,
            hdop: hdop,
            altitude: status == .none ? nil : altitude
        )
    }

    private static func parseGLL(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let latitudeFields = (fields.next(), fields.next())
        let longitudeFields = (fields.next(), fields.next())
        let time = try fields.time(fields.next())
        let statusField = fields.next()
        let statusLetter = try fields.letter(statusField, "the status")
        guard statusLetter == nil || statusLetter == UInt8(ascii: "A") || statusLetter == UInt8(ascii: "V") else {
            throw fields.error(statusField, "the status is \"\(fields.text(statusField))\", not A or V")
        }
        let mode = try fields.letter(fields.next(), "the mode")  // NMEA 2.3
        let status = Self.status(statusLetter, mode: mode)
        let (latitude, longitude) = try fields.position(latitudeFields, longitudeFields, status: status)
        if status == .valid {
            guard latitude != nil, longitude != nil else { throw fields.error(statusField, "status A but no position") }
        }
        return .gll(
            time: time,
            // Before NMEA 2.3 the time was optional: a position without one belongs to no epoch.
            status: latitude == nil || longitude == nil || time == nil ? .none : status,
            latitude: latitude,
            longitude: longitude
        )
    }

    private static func parseZDA(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let time = try fields.time(fields.next())
        let dayField = fields.next()
        let monthField = fields.next()
        let yearField = fields.next()
        let dayOfMonth = try fields.integer(dayField, "the day")
        let month = try fields.integer(monthField, "the month")
        let year = try fields.integer(yearField, "the year")
        guard let dayOfMonth, let month, let year else {
            // A receiver without a date yet leaves the fields empty.
            guard dayOfMonth == nil, month == nil, year == nil else {
                throw fields.error(dayField, "the date is incomplete: day, month and year are all needed")
            }
            return .zda(time: time, day: nil)
        }
        guard yearField.count == 4, let days = NMEACalendar.days(year: year, month: month, day: dayOfMonth) else {
            throw fields.error(dayField, "\(dayOfMonth).\(month).\(year) is not a date (dd,mm,yyyy)")
        }
        return .zda(time: time, day: time == nil ? nil : days)
    }

    /// What RMC's or GLL's status letter and NMEA 2.3 mode letter say: `A` with a mode other than
    /// N (not valid), E (estimated) or S (simulator) is a fix; `V` is the receiver's warning.
    private static func status(_ status: UInt8?, mode: UInt8?) -> NMEAFixStatus {
        switch (status, mode) {
        case (_, UInt8(ascii: "N")?), (nil, _): .none
        case (UInt8(ascii: "V")?, _), (_, UInt8(ascii: "E")?), (_, UInt8(ascii: "S")?): .estimated
        default: .valid
        }
    }

    private static func parseGSA(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        fields.skip(1)  // selection mode, A or M
        let fixType = try fields.integer(fields.next(), "the fix type")
        fields.skip(12)  // the satellites used
        fields.skip(1)  // PDOP
        let hdop = try fields.decimal(
            fields.next(),
            "HDOP",
            scale: DOPAccuracy.metresPerDOP,
            within: LocationLimits.horizontalAccuracy,
            unit: " m"
        )
        let vdop = try fields.decimal(
            fields.next(),
            "VDOP",
            scale: DOPAccuracy.metresPerDOP,
            within: LocationLimits.verticalAccuracy,
            unit: " m"
        )
        return .gsa(fixType: fixType, hdop: hdop, vdop: vdop)
    }

    private static func parseVTG(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let courseField = fields.next()
        let course = try fields.decimal(courseField, "the course")
        if let course, !(0...360).contains(course) { throw fields.error(courseField, "the course is not 0–360°") }
        let second = fields.next()
        let knotsField: Range<Int>
        let kilometresField: Range<Int>
        var valid = true
        if second.count == 1, fields.line[second.lowerBound] == UInt8(ascii: "T") {
            fields.skip(2)  // magnetic course, M
            knotsField = fields.next()
            fields.skip(1)  // N
            kilometresField = fields.next()
            fields.skip(1)  // K
            valid = try fields.letter(fields.next(), "the mode") != UInt8(ascii: "N")
        } else {  // before NMEA 2.3: course true, course magnetic, knots, km/h
            knotsField = fields.next()
            kilometresField = fields.next()
        }
        let knots = try fields.decimal(knotsField, "the speed in knots")
        let kilometresPerHour = try fields.decimal(kilometresField, "the speed in km/h")
        let speed = knots.map { $0 * 1852 / 3600 } ?? kilometresPerHour.map { $0 / 3.6 }
        guard valid, speed ?? 0 >= 0 else { return .vtg(course: nil, metresPerSecond: nil) }
        if let speed, !LocationLimits.speed.contains(speed) {
            let field = knots != nil ? knotsField : kilometresField
            let limits = LocationLimits.describe(LocationLimits.speed)
            throw fields.error(field, "the speed \(fields.text(field)) (\(speed) m/s) is outside \(limits) m/s")
        }
        return .vtg(course: course, metresPerSecond: speed)
    }

    private static func parseGSV(_ fields: inout NMEAFields, talker: UInt16) throws(NMEAFieldError) -> NMEASentence {
        let messagesField = fields.next()
        let messages = try fields.integer(messagesField, "the number of messages")
        let numberField = fields.next()
        let number = try fields.integer(numberField, "the message number")
        let inViewField = fields.next()
        guard let inView = try fields.integer(inViewField, "the satellites in view") else {
            throw fields.error(inViewField, "the number of satellites in view is missing")
        }
        if let messages, let number, number > messages {
            throw fields.error(numberField, "message \(number) of \(messages)")
        }
        return .gsv(talker: talker, satellitesInView: inView)
    }
}
