/// SplitMix64: a small, seedable random number generator for the package's tests, so a test that draws random
/// values draws the same ones on every run and a failure can be replayed from its seed.
///
/// It is the replay library's `SplitMix64` (the same sequence for a seed), kept here so the tests of the core, gpsd
/// and lint modules need not link the replay library; test files that import `WhereaboutsReplay` use that one.
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
}
