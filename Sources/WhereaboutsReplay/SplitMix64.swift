import Foundation

/// SplitMix64 (Steele, Lea and Flood): a small seeded random number generator whose draws are the same on every
/// platform and Swift version, for inputs that must be reproducible from a seed (generated fences, the bench's
/// tracks and projects).
///
/// Its uniform and normal draws are its own arithmetic rather than the standard library's `random(in:using:)`,
/// whose algorithm is not promised, so a seed names the same values everywhere.
///
/// ```swift
/// var random = SplitMix64(seed: 26)
/// let bearing = random.uniform(in: 0...360)
/// let pick = random.index(below: fixes.count)
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed gives the same sequence.
    ///
    /// - Parameter seed: The starting state.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Returns: A value drawn from the sequence.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<1` with 53 random bits.
    ///
    /// - Returns: The next 53 bits as a fraction.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A value uniformly in a half-open range.
    ///
    /// - Parameter range: The range.
    /// - Returns: A value in `range`.
    package mutating func uniform(in range: Range<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A value uniformly in a closed range (its upper bound is never drawn, as `unit()` stays below 1).
    ///
    /// - Parameter range: The range.
    /// - Returns: A value in `range`.
    package mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// An index in `0..<count`, uniform.
    ///
    /// - Parameter count: How many to choose from, above 0.
    /// - Returns: An index below `count`.
    package mutating func index(below count: Int) -> Int {
        min(count - 1, Int(unit() * Double(count)))
    }

    /// A standard normal deviate (Box–Muller).
    ///
    /// - Returns: A value of mean 0 and standard deviation 1.
    package mutating func gaussian() -> Double {
        let u = max(unit(), 0x1p-53)
        let v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
