import Foundation
import Testing

@testable import WhereaboutsReplay

/// The line and column the scanner gives a byte (counted eight bytes at a time) against counting byte by byte: lines
/// after each newline, columns in characters, whatever the mix of newlines and multi-byte UTF-8.
@Suite(.timeLimit(.minutes(5)))
struct XMLScannerPositionTests {

    /// The position of every index, counted the slow way.
    static func expectedPositions(_ bytes: [UInt8]) -> [XMLPosition] {
        var positions: [XMLPosition] = []
        var line = 1
        var column = 0
        for byte in bytes {
            positions.append(XMLPosition(line: line, column: column + 1))
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        positions.append(XMLPosition(line: line, column: column + 1))
        return positions
    }

    @Test func positionsMatchCountingByteByByte() {
        var generator = SplitMix64(seed: 31)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("\n".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
            Array("<trkpt lat=\"1\">".utf8), Array("\n\n".utf8), Array("        ".utf8),
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...400, using: &generator) {
                bytes += pieces.randomElement(using: &generator)!
            }
            let expected = Self.expectedPositions(bytes)
            var scanner = XMLScanner(source: ByteInput(data: Data(), name: "test"))
            scanner.buffer = bytes
            var index = 0
            while index <= bytes.count {
                let position = scanner.position(of: index)
                #expect(position == expected[index], "index \(index) of \(bytes)")
                if position != expected[index] { return }
                index += Int.random(in: 0...40, using: &generator)
            }
            #expect(scanner.position(of: bytes.count) == expected[bytes.count])
        }
    }
}
