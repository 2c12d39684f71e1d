import Foundation
import Testing
@_spi(Testing) import WhereaboutsGPSD
import WhereaboutsTestSupport

/// The fast path for `TPV` lines against `JSONDecoder` over many seeded mutations of real gpsd lines: for every
/// line it declines, or gives the full decoder's report to the bit; and ``GPSDDecoder/decode(_:)`` always gives
/// the full decoder's message or error.
@Suite(.timeLimit(.minutes(5)))
struct GPSDTPVScannerPropertyTests {
    /// Bytes a mutation inserts: JSON's punctuation, digits and number signs, escapes, control and non-ASCII bytes.
    static let alphabet =
        Array(#"{}[]",:.-+eE0123456789 \tTPVaclsu"#.utf8) + [0x00, 0x01, 0x0D, 0x7F, 0x80, 0xC3, 0xFF]

    /// The lines mutated: every TPV shape of ``GPSDTPVScannerTests``, and the captured session's TPVs.
    static let seeds =
        GPSDTPVScannerTests.gpsdLines.map { Array($0.utf8) }
        + GPSDDecoderTests.session.filter { $0.contains(#""class":"TPV""#) }.map { Array($0.utf8) }

    @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004] as [UInt64])
    func scannerDeclinesOrAgreesWithTheFullDecoder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var scanned = 0
        var declined = 0
        for _ in 0..<5_000 {
            var line = Self.seeds.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                Self.mutate(&line, using: &random)
            }
            let full = TPVComparison.outcome { () throws(GPSDDecodingError) in
                try GPSDDecoder.decodeWithJSONDecoder(line)
            }
            if let report = GPSDDecoder.scanTPV(line) {
                scanned += 1
                #expect(TPVComparison.same(.success(.tpv(report)), full), "\(String(decoding: line, as: UTF8.self))")
            } else {
                declined += 1
            }
            let decoded = TPVComparison.outcome { () throws(GPSDDecodingError) in try GPSDDecoder.decode(line) }
            #expect(TPVComparison.same(decoded, full), "\(String(decoding: line, as: UTF8.self))")
        }
        // Both ways are exercised: a mutation often leaves a line readable (a digit for a digit), often not.
        #expect(scanned > 500)
        #expect(declined > 500)
    }

    @Test func everySeedIsScanned() {
        for line in Self.seeds {
            #expect(GPSDDecoder.scanTPV(line) != nil, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    /// One random edit: replace, insert or delete a byte, repeat a key and its value, cut the line, or swap
    /// a number for an unusual spelling of one.
    static func mutate(_ line: inout [UInt8], using random: inout SplitMix64) {
        guard !line.isEmpty else {
            line.append(alphabet.randomElement(using: &random)!)
            return
        }
        let at = Int.random(in: 0..<line.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            line[at] = alphabet.randomElement(using: &random)!
        case 1:
            line.insert(alphabet.randomElement(using: &random)!, at: at)
        case 2:
            line.remove(at: at)
        case 3:
            // A digit for another digit: the line stays well formed, with other values.
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[at]) {
                line[at] = UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random)
            }
        case 4:
            // Repeat the member that starts after the comma at or before `at`.
            guard let comma = line[..<at].lastIndex(of: UInt8(ascii: ",")),
                let end = line[(comma + 1)...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") })
            else { return }
            line.insert(contentsOf: line[comma..<end], at: end)
        case 5:
            line.removeSubrange(at...)
        default:
            let spellings = ["-0", "0e0", "1E+2", "1e-7", "12345678901234567890", "1.0e23", "9007199254740993", "007"]
            let start = line[..<at].lastIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? at
            let end = line[start...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") } ?? line.count
            line.replaceSubrange(start..<end, with: Array(spellings.randomElement(using: &random)!.utf8))
        }
    }

}
