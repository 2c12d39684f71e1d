/// Decompresses gzip (RFC 1952) — DEFLATE data (RFC 1951) in one or more members — as it arrives, in constant
/// memory: a 32 KiB window, the compressed bytes not yet used, and at most `limit` bytes of output a call.
///
/// ``append(_:)`` gives it compressed bytes, ``next(limit:)`` takes out what they decompress to (empty when it needs
/// more), ``finish()`` says the input ended. A symbol cut between two chunks is read again when the rest arrives.
/// Each member's CRC-32 and length are checked.
struct GzipInflater {
    /// Why the data cannot be decompressed.
    struct Failure: Error {
        let message: String
    }

    private enum Phase {
        case memberHeader
        case blockHeader
        case stored(remaining: Int)
        case coded(literals: Huffman, distances: Huffman)
        case trailer
    }

    /// A position in the compressed bytes: the next byte, and the bits already taken from earlier bytes.
    private struct Cursor {
        var position = 0
        var buffer: UInt64 = 0
        var count = 0
    }

    private var input: [UInt8] = []
    private var cursor = Cursor()
    private var phase = Phase.memberHeader
    private var isFinalBlock = false
    /// Whether the last member ended and no byte of another one was read.
    private var betweenMembers = false
    private var window = [UInt8](repeating: 0, count: 32_768)
    /// Bytes decompressed in this member (the window's write position, modulo its size).
    private var produced = 0
    private var crc: UInt32 = 0xFFFF_FFFF

    /// Whether `bytes` start as gzip data does.
    static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x1F, 0x8B])
    }

    /// Adds compressed bytes.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if cursor.position > 65_536 {
            input.removeFirst(cursor.position)
            cursor.position = 0
        }
        input.append(contentsOf: bytes)
    }

    /// Says the input ended.
    ///
    /// - Throws: ``Failure`` when it ended inside a member.
    func finish() throws(Failure) {
        guard betweenMembers, cursor.position == input.count else {
            throw Failure(message: "the compressed data ends too early (the file is cut short)")
        }
    }

    /// Up to about `limit` decompressed bytes; empty when more input is needed.
    mutating func next(limit: Int) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, 65_536) + 258)
        while output.count < limit {
            let saved = cursor
            switch phase {
            case .memberHeader:
                guard cursor.position < input.count else { return output }
                guard try readMemberHeader() else {
                    cursor = saved
                    return output
                }
                betweenMembers = false
                phase = .blockHeader
            case .blockHeader:
                guard try readBlockHeader() else {
                    cursor = saved
                    return output
                }
            case .stored(let remaining):
                guard remaining > 0 else {
                    phase = isFinalBlock ? .trailer : .blockHeader
                    continue
                }
                guard let byte = bits(8) else { return output }
                emit(UInt8(byte), into: &output)
                phase = .stored(remaining: remaining - 1)
            case .coded(let literals, let distances):
                guard let symbol = try decode(literals) else {
                    cursor = saved
                    return output
                }
                if symbol < 256 {
                    emit(UInt8(symbol), into: &output)
                } else if symbol == 256 {
                    phase = isFinalBlock ? .trailer : .blockHeader
                } else {
                    guard let (length, distance) = try readCopy(symbol, distances: distances) else {
                        cursor = saved
                        return output
                    }
                    guard distance <= produced else {
                        throw Failure(message: "the compressed data refers back before its start")
                    }
                    for _ in 0..<length { emit(window[(produced - distance) & 0x7FFF], into: &output) }
                }
            case .trailer:
                guard try readTrailer() else {
                    cursor = saved
                    return output
                }
                betweenMembers = true
                phase = .memberHeader
            }
        }
        return output
    }

    // MARK: - Members and blocks

    /// The gzip header: magic, method, flags, and the optional extra field, name, comment and header CRC.
    private mutating func readMemberHeader() throws(Failure) -> Bool {
        alignToByte()
        guard let header = bytes(10) else { return false }
        guard header[0] == 0x1F, header[1] == 0x8B else {
            throw Failure(message: "data after a gzip member is not another gzip member")
        }
        guard header[2] == 8 else { throw Failure(message: "the gzip compression method \(header[2]) is unknown") }
        let flags = header[3]
        if flags & 0x04 != 0 {
            guard let size = bytes(2), bytes(Int(size[0]) | Int(size[1]) << 8) != nil else { return false }
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            while true {
                guard let byte = bytes(1) else { return false }
                if byte[0] == 0 { break }
            }
        }
        if flags & 0x02 != 0, bytes(2) == nil { return false }
        produced = 0
        crc = 0xFFFF_FFFF
        return true
    }

    private mutating func readBlockHeader() throws(Failure) -> Bool {
        guard let final = bits(1), let kind = bits(2) else { return false }
        isFinalBlock = final == 1
        switch kind {
        case 0:
            alignToByte()
            guard let sizes = bytes(4) else { return false }
            let length = Int(sizes[0]) | Int(sizes[1]) << 8
            let complement = Int(sizes[2]) | Int(sizes[3]) << 8
            guard length == ~complement & 0xFFFF else {
                throw Failure(message: "a stored block's length does not match its check")
            }
            phase = .stored(remaining: length)
        case 1:
            phase = .coded(literals: Huffman.fixedLiterals, distances: Huffman.fixedDistances)
        case 2:
            guard let tables = try readDynamicTables() else { return false }
            phase = .coded(literals: tables.literals, distances: tables.distances)
        default:
            throw Failure(message: "a block of an unknown kind (3)")
        }
        return true
    }

    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private mutating func readDynamicTables() throws(Failure) -> (literals: Huffman, distances: Huffman)? {
        guard let literalCount = bits(5), let distanceCount = bits(5), let lengthCount = bits(4) else { return nil }
        let literalTotal = Int(literalCount) + 257
        let distanceTotal = Int(distanceCount) + 1
        guard literalTotal <= 286, distanceTotal <= 30 else {
            throw Failure(message: "a block has too many codes")
        }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<(Int(lengthCount) + 4) {
            guard let length = bits(3) else { return nil }
            codeLengths[Self.lengthOrder[index]] = Int(length)
        }
        let lengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        lengths.reserveCapacity(literalTotal + distanceTotal)
        while lengths.count < literalTotal + distanceTotal {
            guard let symbol = try decode(lengthCode) else { return nil }
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "a length repeats nothing") }
                guard let extra = bits(2) else { return nil }
                lengths += repeatElement(previous, count: 3 + Int(extra))
            case 17:
                guard let extra = bits(3) else { return nil }
                lengths += repeatElement(0, count: 3 + Int(extra))
            default:
                guard let extra = bits(7) else { return nil }
                lengths += repeatElement(0, count: 11 + Int(extra))
            }
        }
        guard lengths.count == literalTotal + distanceTotal else {
            throw Failure(message: "a block's code lengths run past their count")
        }
        guard lengths[256] != 0 else { throw Failure(message: "a block has no end code") }
        return (
            try Huffman(lengths: Array(lengths[..<literalTotal])),
            try Huffman(lengths: Array(lengths[literalTotal...]))
        )
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The length and distance of a copy whose length symbol is `symbol`, or `nil` when the input runs out.
    private mutating func readCopy(_ symbol: Int, distances: Huffman) throws(Failure) -> (Int, Int)? {
        let index = symbol - 257
        guard index < Self.lengthBase.count else { throw Failure(message: "a length code out of range") }
        guard let lengthBits = bits(Self.lengthExtra[index]) else { return nil }
        guard let code = try decode(distances) else { return nil }
        guard code < Self.distanceBase.count else { throw Failure(message: "a distance code out of range") }
        guard let distanceBits = bits(Self.distanceExtra[code]) else { return nil }
        return (Self.lengthBase[index] + Int(lengthBits), Self.distanceBase[code] + Int(distanceBits))
    }

    private mutating func readTrailer() throws(Failure) -> Bool {
        alignToByte()
        guard let trailer = bytes(8) else { return false }
        let expectedCRC = trailer[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let expectedSize = trailer[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard crc ^ 0xFFFF_FFFF == expectedCRC else {
            throw Failure(message: "the decompressed data does not match its CRC-32 (the file is damaged)")
        }
        guard UInt32(truncatingIfNeeded: produced) == expectedSize else {
            throw Failure(message: "the decompressed data does not have the length the file records")
        }
        return true
    }

    // MARK: - Output

    private mutating func emit(_ byte: UInt8, into output: inout [UInt8]) {
        window[produced & 0x7FFF] = byte
        produced += 1
        crc = Self.crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        output.append(byte)
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    // MARK: - Bits

    /// `count` bits, least significant first, or `nil` when the input runs out.
    private mutating func bits(_ count: Int) -> UInt32? {
        while cursor.count < count {
            guard cursor.position < input.count else { return nil }
            cursor.buffer |= UInt64(input[cursor.position]) << UInt64(cursor.count)
            cursor.position += 1
            cursor.count += 8
        }
        let value = UInt32(truncatingIfNeeded: cursor.buffer & ((1 << UInt64(count)) - 1))
        cursor.buffer >>= UInt64(count)
        cursor.count -= count
        return value
    }

    private mutating func alignToByte() {
        let extra = cursor.count % 8
        cursor.buffer >>= UInt64(extra)
        cursor.count -= extra
    }

    /// `count` whole bytes (after `alignToByte()`), or `nil` when the input runs out.
    private mutating func bytes(_ count: Int) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            guard let byte = bits(8) else { return nil }
            result.append(UInt8(byte))
        }
        return result
    }

    private mutating func decode(_ code: Huffman) throws(Failure) -> Int? {
        var value = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            guard let bit = bits(1) else { return nil }
            value |= Int(bit)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw Failure(message: "a code that no table holds")
    }
}
