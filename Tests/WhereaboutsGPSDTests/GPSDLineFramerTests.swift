import NIOCore
import NIOEmbedded
import Testing

@testable import WhereaboutsGPSD

/// The framer hands on the whole lines of each read as one frame, and drops lines that are too long, however the
/// stream is cut into reads.
@Suite(.timeLimit(.minutes(5)))
struct GPSDLineFramerTests {
    /// What came out of the framer: lines (without line breaks) and dropped lines, in order, and how many frames
    /// carried the lines.
    struct Output: Equatable {
        var items: [Item] = []
        var lineFrames = 0
    }

    enum Item: Equatable {
        case line(String)
        case overlong(excerpt: String, length: Int)
    }

    /// Feeds `reads` to a framer one read at a time, then closes the stream; excerpts are cut to `maximumLength`.
    static func frame(_ reads: [String], maximumLength: Int) throws -> Output {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(GPSDLineFramer(maximumLength: maximumLength)))
        var output = Output()
        func collect() throws {
            while let frame = try channel.readInbound(as: GPSDFrame.self) {
                switch frame {
                case .lines(let lines):
                    output.lineFrames += 1
                    _ = lines.readableBytesView.withContiguousStorageIfAvailable { bytes in
                        GPSDLineFramer.forEachLine(in: bytes) {
                            output.items.append(.line(String(decoding: $0, as: UTF8.self)))
                        }
                    }
                case .overlong(let excerpt, let length):
                    // The excerpt is the buffer's start: the line's first `maximumLength` bytes, then whatever the
                    // read held after them.
                    output.items.append(.overlong(excerpt: String(excerpt.prefix(maximumLength)), length: length))
                }
            }
        }
        for read in reads {
            try channel.writeInbound(ByteBuffer(string: read))
            try collect()
        }
        _ = try channel.finish()
        try collect()
        return output
    }

    @Test func theLinesOfOneReadAreOneFrame() throws {
        let output = try Self.frame(["a\r\nbb\n\n\r\nccc\r\nd", "d\r\n"], maximumLength: 100)
        #expect(output.items == [.line("a"), .line("bb"), .line("ccc"), .line("dd")])
        #expect(output.lineFrames == 2)
    }

    @Test func aLineTooLongIsDroppedAndTheLinesAroundItKept() throws {
        let long = String(repeating: "x", count: 30)
        let output = try Self.frame(["a\n" + long + "\nb\n", long, long + "\r\nc"], maximumLength: 20)
        #expect(
            output.items == [
                .line("a"), .overlong(excerpt: String(long.prefix(20)), length: 30), .line("b"),
                .overlong(excerpt: String(long.prefix(20)), length: 61), .line("c"),
            ]
        )
    }

    /// Every way of cutting a stream into reads gives the same lines as splitting it whole.
    @Test func cuttingTheStreamAnywhereGivesTheSameLines() throws {
        let stream = "one\r\ntwo\n\nthree is long\r\nfour\nfive"
        let whole = try Self.frame([stream], maximumLength: 8)
        #expect(
            whole.items == [
                .line("one"), .line("two"), .overlong(excerpt: "three is", length: 14), .line("four"),
                .line("five"),
            ]
        )
        let characters = Array(stream)
        for first in 1..<characters.count {
            for second in first..<characters.count {
                let reads = [
                    String(characters[..<first]), String(characters[first..<second]), String(characters[second...]),
                ]
                #expect(try Self.frame(reads, maximumLength: 8).items == whole.items, "\(reads)")
            }
        }
    }
}
