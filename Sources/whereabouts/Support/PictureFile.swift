import Foundation

#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// Writes `--svg`'s picture: whole or not at all (a temporary file beside it, then a rename), with the operating
/// system's reason when it fails ("Permission denied", "Is a directory", "No space left on device").
enum PictureFile {
    /// Replaces the file at `path` with `text`.
    ///
    /// - Returns: `nil` when written; else why not.
    static func write(_ text: String, to path: String) -> String? {
        let temporary = path + ".whereabouts-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: Int32?
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        guard let failure else { return nil }
        unlink(temporary)
        return String(cString: strerror(failure))
    }
}
