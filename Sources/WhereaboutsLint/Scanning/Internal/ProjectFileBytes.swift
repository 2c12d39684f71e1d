import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a project file into one array of UTF-8 bytes, the only copy of it the parser needs.
///
/// A `project.pbxproj` can be tens of megabytes. Going through `Data`, then `String`, then the parser's own array
/// would hold three copies at once; this reads the file straight into the array the parser keeps, and checks that
/// it is UTF-8 where it stands. A file in another encoding (UTF-16 with a byte-order mark) is converted, as Xcode
/// would read it.
enum ProjectFileBytes {
    /// The file's bytes as UTF-8, without a byte-order mark; `nil` when it cannot be read, or is not text.
    ///
    /// - Parameter path: The file's absolute path.
    /// - Returns: The bytes, or `nil`.
    static func read(_ path: String) -> [UInt8]? {
        guard var bytes = contents(of: path) else { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || !isUTF8(bytes) {
            // Rare: decode as the other readers do, at the cost of copies.
            return LocalizationReader.decode(Data(bytes)).map { Array($0.utf8) }
        }
        return bytes
    }

    /// The raw bytes of a regular file, read with `read(2)` into an array sized from `fstat` (one byte more, so that
    /// the read that finds the end needs no room of its own).
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            // A file that grew since `fstat`: make room.
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let result = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if result == 0 { break }
            filled += result
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Whether the bytes are valid UTF-8: ASCII checked eight bytes at a time, the rest scalar by scalar.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        let firstNonASCII: Int? = bytes.withUnsafeBytes { buffer in
            var index = 0
            while index + 8 <= buffer.count {
                if buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            while index < buffer.count, buffer[index] < 0x80 { index += 1 }
            return index < buffer.count ? index : nil
        }
        guard let start = firstNonASCII else { return true }
        var iterator = bytes[start...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
