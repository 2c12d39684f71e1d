/// SipHash-2-4 with a 128-bit key and a 64-bit result (Aumasson and Bernstein, 2012).
///
/// A keyed pseudo-random function: without the key, its outputs cannot be predicted or inverted, so
/// the ``Coarsener`` uses it to place its grid and representative points from a per-install secret.
/// Bytes are taken in order; whole 64-bit words are taken as eight little-endian bytes.
///
/// ```swift
/// var hasher = SipHasher(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
/// hasher.append(bytes: 0..<15)
/// hasher.finalize()  // 0xa129_ca61_49be_45e5, the paper's test vector
/// ```
struct SipHasher {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64
    /// Bytes not yet compressed, the first in the lowest byte.
    private var tail: UInt64 = 0
    /// Bytes appended so far.
    private var byteCount = 0

    /// Creates a hasher keyed by two 64-bit words: `k0` is key bytes 0…7, `k1` bytes 8…15, little-endian.
    ///
    /// - Parameters:
    ///   - k0: The first half of the key.
    ///   - k1: The second half of the key.
    @inline(__always)
    init(k0: UInt64, k1: UInt64) {
        v0 = k0 ^ 0x736f_6d65_7073_6575  // "somepseu"
        v1 = k1 ^ 0x646f_7261_6e64_6f6d  // "dorandom"
        v2 = k0 ^ 0x6c79_6765_6e65_7261  // "lygenera"
        v3 = k1 ^ 0x7465_6462_7974_6573  // "tedbytes"
    }

    /// Appends one byte.
    ///
    /// - Parameter byte: The byte to append.
    @inline(__always)
    mutating func append(byte: UInt8) {
        tail |= UInt64(byte) &<< UInt64(8 * (byteCount & 7))
        byteCount &+= 1
        if byteCount & 7 == 0 {
            compress(tail)
            tail = 0
        }
    }

    /// Appends bytes in order.
    ///
    /// - Parameter bytes: The bytes to append.
    mutating func append(bytes: some Sequence<UInt8>) {
        for byte in bytes {
            append(byte: byte)
        }
    }

    /// Appends a 64-bit word as eight little-endian bytes.
    ///
    /// - Parameter word: The word to append.
    @inline(__always)
    mutating func append(_ word: UInt64) {
        if byteCount & 7 == 0 {
            compress(word)
            byteCount &+= 8
        } else {
            for shift in stride(from: 0 as UInt64, to: 64, by: 8) {
                append(byte: UInt8(truncatingIfNeeded: word &>> shift))
            }
        }
    }

    /// Finishes the hash: pads the last block with the message length and runs the four final rounds.
    ///
    /// - Returns: The 64-bit SipHash-2-4 of everything appended.
    @inline(__always)
    mutating func finalize() -> UInt64 {
        compress(tail | UInt64(truncatingIfNeeded: byteCount & 0xff) &<< 56)
        v2 ^= 0xff
        round()
        round()
        round()
        round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// Hashes a domain tag and two integers (24 bytes) under a key, without allocating.
    ///
    /// The tag keeps hashes made for different purposes independent of each other.
    ///
    /// - Parameters:
    ///   - tag: What the hash is for.
    ///   - a: The first integer.
    ///   - b: The second integer.
    ///   - k0: The first half of the key.
    ///   - k1: The second half of the key.
    /// - Returns: The 64-bit SipHash-2-4 of `tag`, `a` and `b`.
    @inline(__always)
    static func hash(tag: UInt64, _ a: Int, _ b: Int, k0: UInt64, k1: UInt64) -> UInt64 {
        var hasher = SipHasher(k0: k0, k1: k1)
        hasher.append(tag)
        hasher.append(UInt64(bitPattern: Int64(a)))
        hasher.append(UInt64(bitPattern: Int64(b)))
        return hasher.finalize()
    }

    /// Absorbs one 8-byte block: two compression rounds.
    @inline(__always)
    private mutating func compress(_ block: UInt64) {
        v3 ^= block
        round()
        round()
        v0 ^= block
    }

    /// One SipRound of additions, rotations and exclusive ors.
    @inline(__always)
    private mutating func round() {
        v0 &+= v1
        v1 = rotated(v1, 13)
        v1 ^= v0
        v0 = rotated(v0, 32)
        v2 &+= v3
        v3 = rotated(v3, 16)
        v3 ^= v2
        v0 &+= v3
        v3 = rotated(v3, 21)
        v3 ^= v0
        v2 &+= v1
        v1 = rotated(v1, 17)
        v1 ^= v2
        v2 = rotated(v2, 32)
    }

    /// `x` rotated left by `bits` (1…63).
    @inline(__always)
    private func rotated(_ x: UInt64, _ bits: UInt64) -> UInt64 {
        (x &<< bits) | (x &>> (64 &- bits))
    }
}
