/// A canonical Huffman code of DEFLATE (RFC 1951, 3.2.2): how many codes each length has, and the symbols in
/// code order.
struct Huffman {
    /// `counts[n]`: how many symbols have a code of `n` bits (1…15).
    let counts: [Int]
    /// The symbols, by code length, then by value.
    let symbols: [Int]

    /// The code whose symbol `s` has a code of `lengths[s]` bits (0: no code).
    ///
    /// - Throws: ``GzipInflater/Failure`` when the lengths give more codes than their bits can hold.
    init(lengths: [Int]) throws(GzipInflater.Failure) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw GzipInflater.Failure(message: "a code table holds too many codes") }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
        self.counts = counts
        self.symbols = symbols
    }

    /// The literal and length code of fixed-code blocks.
    static let fixedLiterals = try! Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8)
    )
    /// The distance code of fixed-code blocks.
    static let fixedDistances = try! Huffman(lengths: Array(repeating: 5, count: 30))
}
