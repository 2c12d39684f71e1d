/// The sentence types the reader uses.
enum NMEASentenceKind {
    case gga, rmc, gsa, vtg, gsv

    init?(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        switch (first, second, third) {
        case (UInt8(ascii: "G"), UInt8(ascii: "G"), UInt8(ascii: "A")): self = .gga
        case (UInt8(ascii: "R"), UInt8(ascii: "M"), UInt8(ascii: "C")): self = .rmc
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
        case .gsa: "GSA"
        case .vtg: "VTG"
        case .gsv: "GSV"
        }
    }

    /// The fields a sentence must have, up to the last one the reader uses: GGA through the geoid
    /// separation's unit, RMC through the date, GSA through VDOP, VTG's old four-field form, GSV's
    /// header.
    var minimumFields: Int {
        switch self {
        case .gga: 12
        case .rmc: 9
        case .gsa: 17
        case .vtg: 4
        case .gsv: 3
        }
    }

    func parse(_ fields: inout NMEAFields, talker: UInt16) throws(NMEAFieldError) -> NMEASentence {
        switch self {
        case .gga: try Self.parseGGA(&fields)
        case .rmc: try Self.parseRMC(&fields)
        case .gsa: try Self.parseGSA(&fields)
        case .vtg: try Self.parseVTG(&fields)
        case .gsv: try Self.parseGSV(&fields, talker: talker)
        }
    }

    private static func parseGGA(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let time = try fields.time(fields.next())
        let latitude = try fields.angle(fields.next(), fields.next(), latitude: true)
        let longitude = try fields.angle(fields.next(), fields.next(), latitude: false)
        let qualityField = fields.next()
        let quality = try fields.integer(qualityField, "the fix quality") ?? 0
        fields.skip(1)  // satellites used
        let hdop = try fields.decimal(fields.next(), "HDOP")
        let altitude = try fields.decimal(fields.next(), "the altitude")
        if quality > 0 {
            guard latitude != nil, longitude != nil else {
                throw fields.error(qualityField, "fix quality \(quality) but no position")
            }
            guard time != nil else { throw fields.error(qualityField, "fix quality \(quality) but no time") }
        }
        return .gga(
            time: time,
            quality: quality,
            latitude: latitude,
            longitude: longitude,
            hdop: hdop,
            altitude: altitude
        )
    }

    private static func parseRMC(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let time = try fields.time(fields.next())
        let statusField = fields.next()
        let status = try fields.letter(statusField, "the status")
        guard status == nil || status == UInt8(ascii: "A") || status == UInt8(ascii: "V") else {
            throw fields.error(statusField, "the status is \"\(fields.text(statusField))\", not A or V")
        }
        let latitude = try fields.angle(fields.next(), fields.next(), latitude: true)
        let longitude = try fields.angle(fields.next(), fields.next(), latitude: false)
        let speedField = fields.next()
        let knots = try fields.decimal(speedField, "the speed")
        let courseField = fields.next()
        let course = try fields.decimal(courseField, "the course")
        let day = try fields.date(fields.next())
        fields.skip(2)  // magnetic variation and its direction
        let mode = try fields.letter(fields.next(), "the mode")  // NMEA 2.3; N is "not valid"
        let active = status == UInt8(ascii: "A") && mode != UInt8(ascii: "N")
        if active {
            guard latitude != nil, longitude != nil else { throw fields.error(statusField, "status A but no position") }
            guard time != nil else { throw fields.error(statusField, "status A but no time") }
        }
        if let knots, knots < 0 { throw fields.error(speedField, "the speed is negative") }
        if let course, !(0...360).contains(course) { throw fields.error(courseField, "the course is not 0–360°") }
        return .rmc(
            time: time,
            active: active,
            latitude: latitude,
            longitude: longitude,
            knots: knots,
            course: course,
            day: day
        )
    }

    private static func parseGSA(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        fields.skip(1)  // selection mode, A or M
        let fixType = try fields.integer(fields.next(), "the fix type")
        fields.skip(12)  // the satellites used
        fields.skip(1)  // PDOP
        let hdop = try fields.decimal(fields.next(), "HDOP")
        let vdop = try fields.decimal(fields.next(), "VDOP")
        return .gsa(fixType: fixType, hdop: hdop, vdop: vdop)
    }

    private static func parseVTG(_ fields: inout NMEAFields) throws(NMEAFieldError) -> NMEASentence {
        let courseField = fields.next()
        let course = try fields.decimal(courseField, "the course")
        if let course, !(0...360).contains(course) { throw fields.error(courseField, "the course is not 0–360°") }
        let second = fields.next()
        var knots: Double?
        var kilometresPerHour: Double?
        var valid = true
        if second.count == 1, fields.line[second.lowerBound] == UInt8(ascii: "T") {
            fields.skip(2)  // magnetic course, M
            knots = try fields.decimal(fields.next(), "the speed in knots")
            fields.skip(1)  // N
            kilometresPerHour = try fields.decimal(fields.next(), "the speed in km/h")
            fields.skip(1)  // K
            valid = try fields.letter(fields.next(), "the mode") != UInt8(ascii: "N")
        } else {  // before NMEA 2.3: course true, course magnetic, knots, km/h
            knots = try fields.decimal(fields.next(), "the speed in knots")
            kilometresPerHour = try fields.decimal(fields.next(), "the speed in km/h")
        }
        let speed = knots.map { $0 * 1852 / 3600 } ?? kilometresPerHour.map { $0 / 3.6 }
        guard valid, speed ?? 0 >= 0 else { return .vtg(course: nil, metresPerSecond: nil) }
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
