import Foundation

/// A small, fast, deterministic random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The bench generates every input from a fixed seed with it, so two runs on any machine read
/// byte-for-byte the same files and walk the same tracks.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let heading = random.uniform(in: 0..<360)
/// ```
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
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

    /// A double in `0..<1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A double uniformly in `range`.
    mutating func uniform(in range: Range<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(unit(), 0x1p-53)
        let v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
