import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the command needs to know about a file it is given, before it opens it.
enum InputFile {
    /// Whether `path` names something that can be read only once: a pipe, a named FIFO, a character device,
    /// a socket (`/dev/stdin` on a pipe, `<(zcat walk.gpx.gz)`); `false` for a regular file or a missing one.
    static func isReadableOnce(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR
    }

    /// Why the file at `path` cannot be read, in the operating system's words ("does not exist", "is a folder",
    /// "cannot be read (Permission denied)"), or `nil` when it can be opened for reading; checked before a library
    /// reads it, whose Foundation error would say only "NSCocoaErrorDomain error 256". A FIFO is not waited for.
    static func unreadableReason(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT ? "does not exist" : "cannot be read (\(String(cString: strerror(code))))"
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return "is a folder, not a file" }
        return nil
    }

    /// Whether two paths name the same existing file (after links: the same device and inode).
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }
}
