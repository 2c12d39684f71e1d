package import Foundation

/// A look inside binary property lists (`bplist00`) before Foundation parses them.
///
/// swift-corelibs-foundation's `PropertyListSerialization` crashes (SIGSEGV, bridging an `NSSet`) on a
/// binary plist that holds a set object, found by `scripts/fuzz.sh plist`. No Info.plist holds a set
/// (Xcode and `plutil` never write one), so readers refuse such a file with an error instead.
package enum BinaryPropertyList {
    /// Whether `data` is a binary property list with a set object (marker `0xC_`) in its object table.
    ///
    /// Reads only the trailer and the offset table. A damaged trailer or offset reads as "no set": such a
    /// file is then Foundation's to refuse, and it does so without crashing.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: true for a `bplist` with a set.
    package static func containsSet(_ data: Data) -> Bool {
        guard data.count >= 40, data.starts(with: Array("bplist".utf8)) else { return false }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            guard (1...8).contains(offsetSize),
                let count = integer(bytes, at: trailer + 8, size: 8),
                let table = integer(bytes, at: trailer + 24, size: 8),
                table >= 8, table <= trailer, count <= (trailer - table) / offsetSize
            else { return false }
            for index in 0..<count {
                guard let offset = integer(bytes, at: table + index * offsetSize, size: offsetSize),
                    offset >= 8, offset < trailer
                else { continue }
                if bytes[offset] & 0xF0 == 0xC0 { return true }
            }
            return false
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `position`, or nil when it does not fit an `Int`.
    private static func integer(_ bytes: UnsafeRawBufferPointer, at position: Int, size: Int) -> Int? {
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        return Int(exactly: value)
    }
}
