/// SplitMix64 (Steele, Lea and Flood), with uniform draws of its own, so a seed gives the same values on every
/// platform and Swift version (the standard library's `random(in:using:)` does not promise its algorithm).
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A value in `range`, uniform.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// An index in `0..<count`, uniform (count above 0).
    mutating func index(below count: Int) -> Int {
        min(count - 1, Int(unit() * Double(count)))
    }
}
