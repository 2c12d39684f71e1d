#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of one folder, as the scanner walks it: names and kinds from `readdir`, without a `stat` per file.
///
/// A folder that cannot be listed is an error naming why (`permission denied`), so the scanner can say what it
/// skipped instead of finding nothing in silence. Entries that are neither folders, files nor symbolic links
/// (named pipes, sockets, devices) are left out: reading a named pipe would wait forever for a writer.
struct FolderListing: Sendable {
    /// What an entry is.
    enum Kind: Sendable {
        /// A folder, entered unless skipped.
        case folder
        /// A regular file, or a symbolic link (not followed while walking; read through when it is a source).
        case file
    }

    /// One entry: its name and kind.
    struct Entry: Sendable {
        var name: String
        var kind: Kind
    }

    /// Why a folder could not be listed.
    struct Failure: Error, Sendable {
        /// The system's reason, in a few words: "permission denied".
        var reason: String
    }

    /// Lists the folder at an absolute path, entries sorted by name so every run walks in the same order.
    ///
    /// - Parameter path: The folder's path.
    /// - Returns: Its entries, without `.` and `..`.
    /// - Throws: ``Failure`` when the folder cannot be opened or read.
    static func read(_ path: String) throws(Failure) -> [Entry] {
        guard let directory = opendir(path) else { throw Failure(reason: describe(errno)) }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Failure(reason: describe(errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            guard let kind = kind(of: Int(entry.pointee.d_type), name: name, in: path) else { continue }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The kind of an entry from its `d_type`; a file system that gives none (`DT_UNKNOWN`) is asked with `lstat`.
    private static func kind(of type: Int, name: String, in folder: String) -> Kind? {
        switch type {
        case Int(DT_DIR): return .folder
        case Int(DT_REG), Int(DT_LNK): return .file
        case Int(DT_UNKNOWN):
            var status = stat()
            guard lstat(folder + "/" + name, &status) == 0 else { return nil }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG, S_IFLNK: return .file
            default: return nil
            }
        default: return nil
        }
    }

    /// "permission denied": the system's message for an error number, in lower case.
    static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message).lowercased()
    }
}
