/// What one line of an NMEA log holds.
enum NMEALine {
    /// A sentence the reader uses.
    case sentence(NMEASentence)
    /// A blank line.
    case ignored
    /// A sentence of a type the reader does not use (`$GPTXT`, AIS `!AIVDM`, proprietary `$PSRF…`),
    /// named by its ``NMEANoise`` key so that each type is reported once, with its count.
    case other(UInt64)
    /// A comment: a line starting with `#`, as in gpsd's logs.
    case comment
    /// A line that does not start with `$` or `!`: the 0-based offset of its first character.
    case text(offset: Int)
    /// A malformed line: the 0-based offset of the problem in the line, and what is wrong.
    case malformed(offset: Int, message: String)

    /// Parses one line, without its line break.
    static func parse(_ line: UnsafeRawBufferPointer) -> NMEALine {
        var start = 0
        var end = line.count
        if end >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { start = 3 }  // a byte-order mark
        while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, line[end - 1] <= UInt8(ascii: " ") { end -= 1 }
        guard start < end else { return .ignored }
        if line[start] == UInt8(ascii: "#") { return .comment }
        guard line[start] == UInt8(ascii: "$") || line[start] == UInt8(ascii: "!") else {
            return .text(offset: start)
        }
        var addressEnd = start + 1
        while addressEnd < end, line[addressEnd] != UInt8(ascii: ","), line[addressEnd] != UInt8(ascii: "*") {
            addressEnd += 1
        }
        let address = UnsafeRawBufferPointer(rebasing: line[(start + 1)..<addressEnd])
        if line[start] == UInt8(ascii: "!") { return .other(NMEANoise.key(line[start], address)) }  // AIS
        if address.first == UInt8(ascii: "P") { return .other(NMEANoise.key(line[start], address)) }  // proprietary
        guard address.count == 5, address.allSatisfy(isAddressCharacter) else {
            let text = String(decoding: address.prefix(16), as: UTF8.self)
            return .malformed(offset: start + 1, message: "\"\(text)\" is not a talker and a sentence type (GPGGA)")
        }
        guard let kind = NMEASentenceKind(address[2], address[3], address[4]) else {
            return .other(NMEANoise.key(line[start], address))
        }

        var checksum: UInt8 = 0
        var fieldCount = 0
        var fieldsEnd = end
        for index in (start + 1)..<end {
            let byte = line[index]
            if byte == UInt8(ascii: "*") {
                fieldsEnd = index
                break
            }
            checksum ^= byte
            if byte == UInt8(ascii: ",") { fieldCount += 1 }
        }
        if fieldsEnd < end {
            let checksumRange = fieldsEnd..<end
            var text: String { String(decoding: UnsafeRawBufferPointer(rebasing: line[checksumRange]), as: UTF8.self) }
            guard end - fieldsEnd == 3, let high = hexValue(line[fieldsEnd + 1]),
                let low = hexValue(line[fieldsEnd + 2])
            else {
                return .malformed(offset: fieldsEnd, message: "the checksum \"\(text)\" is not '*' and two hex digits")
            }
            guard high << 4 | low == checksum else {
                let computed = String(checksum, radix: 16, uppercase: true)
                return .malformed(
                    offset: fieldsEnd,
                    message: "wrong checksum: the sentence says \(text), its bytes "
                        + "give *\(computed.count < 2 ? "0" : "")\(computed); the line is damaged"
                )
            }
        }
        guard fieldCount >= kind.minimumFields else {
            return .malformed(
                offset: fieldsEnd,
                message: "\(kind.name): too few fields (\(fieldCount)); "
                    + "the sentence needs at least \(kind.minimumFields)"
            )
        }
        var fields = NMEAFields(line: line, start: addressEnd + 1, end: fieldsEnd, type: kind.name)
        let talker = UInt16(address[0]) << 8 | UInt16(address[1])
        do throws(NMEAFieldError) {
            return .sentence(try kind.parse(&fields, talker: talker))
        } catch {
            return .malformed(offset: error.offset, message: error.message)
        }
    }

    private static func isAddressCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
