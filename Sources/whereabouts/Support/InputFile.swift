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

    /// Whether two paths name the same existing file (after links: the same device and inode).
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }
}
