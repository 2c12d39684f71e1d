import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the consent store needs, with `EINTR` retried.
enum POSIXFile {
    /// What reading a file found.
    enum ReadResult {
        /// There is no file.
        case missing
        /// The file's bytes and its permission bits.
        case contents(Data, permissions: UInt32)
        /// The file exists but could not be read.
        case failed(SystemCallError)
        /// The path names something other than a regular file, e.g. "a FIFO (named pipe)"; it was not read.
        case notRegular(String)
    }

    /// Reads a whole (small) regular file.
    ///
    /// The file is opened without waiting (`O_NONBLOCK`), so a FIFO is refused at once instead of
    /// waiting for a writer that may never come; anything but a regular file is refused unread.
    static func read(_ path: String) -> ReadResult {
        let fd = retrying { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            return code == ENOENT ? .missing : .failed(SystemCallError("open", path, code))
        }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(SystemCallError("fstat", path)) }
        if let kind = kindOfNonRegularFile(info.st_mode) { return .notRegular(kind) }
        // A regular file never blocks; clear O_NONBLOCK anyway so a read is an ordinary one.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                retrying { systemRead(fd, raw.baseAddress, raw.count) }
            }
            if count < 0 { return .failed(SystemCallError("read", path)) }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return .contents(data, permissions: UInt32(info.st_mode) & 0o777)
    }

    /// What a file of this mode is, in words, when it is not a regular file; `nil` for a regular file.
    static func kindOfNonRegularFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// The file a path finally names: symbolic links in its last component are followed, up to 40 of them,
    /// even when the last one points to a file that does not exist yet.
    ///
    /// A path that is not a symbolic link (or cannot be examined) is returned as it is. A relative link
    /// target is taken from the link's own directory.
    static func resolvingSymbolicLinks(_ path: String) -> String {
        var current = path
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                target.hasPrefix("/")
                ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return current
    }

    /// Sets a file's permission bits.
    static func setPermissions(_ path: String, _ permissions: UInt32) throws(SystemCallError) {
        guard chmod(path, mode_t(permissions)) == 0 else { throw SystemCallError("chmod", path) }
    }

    /// Creates a directory and every missing parent with the given permissions.
    ///
    /// - Returns: Whether the last directory was created by this call.
    @discardableResult
    static func makeDirectories(_ path: String, permissions: UInt32) throws(SystemCallError) -> Bool {
        var created = false
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, mode_t(permissions)) == 0 {
                created = true
            } else if errno == EEXIST {
                created = false
            } else {
                throw SystemCallError("mkdir", partial)
            }
        }
        return created
    }

    /// Runs `body` while holding an exclusive `flock` on `lockPath` (created 0600 when missing).
    static func withExclusiveLock<T>(
        _ lockPath: String,
        _ body: () throws(SystemCallError) -> T
    ) throws(SystemCallError) -> T {
        let fd = retrying { open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600)) }
        guard fd >= 0 else { throw SystemCallError("open", lockPath) }
        defer { _ = close(fd) }  // closing releases the lock
        guard retrying({ flock(fd, LOCK_EX) }) == 0 else { throw SystemCallError("flock", lockPath) }
        return try body()
    }

    /// Replaces `path` with `data` atomically: a new 0600 file in the same directory, written in
    /// full, `fsync`ed, renamed over `path`; then the directory is `fsync`ed.
    ///
    /// A reader sees the old file or the new one, never a part of either.
    static func replace(_ path: String, with data: Data) throws(SystemCallError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 where fd < 0 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            temporary = (directory as NSString).appendingPathComponent(".\(name).\(getpid()).\(suffix).tmp")
            fd = retrying { open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode_t(0o600)) }
            if fd < 0 && errno != EEXIST { throw SystemCallError("open", temporary) }
        }
        guard fd >= 0 else { throw SystemCallError("open", temporary, EEXIST) }
        do throws(SystemCallError) {
            // O_CREAT's mode passes through the umask; the file must be exactly 0600.
            guard fchmod(fd, mode_t(0o600)) == 0 else { throw SystemCallError("fchmod", temporary) }
            try writeAll(fd, data, path: temporary)
            guard retrying({ fsync(fd) }) == 0 else { throw SystemCallError("fsync", temporary) }
            let closed = close(fd)
            fd = -1
            guard closed == 0 else { throw SystemCallError("close", temporary) }
            guard rename(temporary, path) == 0 else { throw SystemCallError("rename", path) }
        } catch {
            if fd >= 0 { _ = close(fd) }
            _ = unlink(temporary)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Removes the temporary files (`.<name>.<pid>.<random>.tmp`) that writers of `path` left behind when
    /// they were killed mid-write.
    ///
    /// Call it under the store's lock: a live writer holds that lock for as long as its temporary file
    /// exists, so every one seen then belongs to a writer that died. Files of other stores in the same
    /// directory (`.<name>.x.<pid>.<random>.tmp`) do not match. Failures are ignored: a leftover costs space only.
    static func removeLeftoverTemporaries(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let prefix = "." + (path as NSString).lastPathComponent + "."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            let parts = entry.dropFirst(prefix.count).dropLast(4).split(
                separator: ".",
                omittingEmptySubsequences: false
            )
            guard parts.count == 2, parts[0].allSatisfy({ ("0"..."9").contains($0) }), !parts[0].isEmpty,
                parts[1].allSatisfy(\.isHexDigit), !parts[1].isEmpty
            else { continue }
            _ = unlink((directory as NSString).appendingPathComponent(entry))
        }
    }

    /// Moves a damaged file aside to `<path>.corrupt-<UTC timestamp>`, never over an earlier one.
    ///
    /// Call it under the store's lock, so no other writer picks the same name in between.
    ///
    /// - Returns: The path the file now has.
    static func moveAside(_ path: String) throws(SystemCallError) -> String {
        let stem = "\(path).corrupt-\(utcTimestamp())"
        var candidate = stem
        var number = 1
        var info = stat()
        while lstat(candidate, &info) == 0 {
            number += 1
            candidate = "\(stem)-\(number)"
        }
        guard rename(path, candidate) == 0 else { throw SystemCallError("rename", path) }
        try syncDirectory((path as NSString).deletingLastPathComponent)
        return candidate
    }

    /// The time now in UTC as ISO 8601's basic format, e.g. `20260314T095307Z`.
    static func utcTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        _ = gmtime_r(&now, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ",
            parts.tm_year + 1900,
            parts.tm_mon + 1,
            parts.tm_mday,
            parts.tm_hour,
            parts.tm_min,
            parts.tm_sec
        )
    }

    private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(SystemCallError) {
        let failure: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = retrying { write(fd, raw.baseAddress! + offset, raw.count - offset) }
                if written < 0 { return errno }
                offset += written
            }
            return nil
        }
        if let failure { throw SystemCallError("write", path, failure) }
    }

    private static func syncDirectory(_ directory: String) throws(SystemCallError) {
        let fd = retrying { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemCallError("open", directory) }
        defer { _ = close(fd) }
        // Some file systems cannot sync a directory (EINVAL); the rename itself has happened.
        guard retrying({ fsync(fd) }) == 0 || errno == EINVAL else { throw SystemCallError("fsync", directory) }
    }

    private static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}

/// The `read` system call (the enum's own `read` hides the plain name inside it).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
    Musl.read(fd, buffer, count)
    #else
    Darwin.read(fd, buffer, count)
    #endif
}
