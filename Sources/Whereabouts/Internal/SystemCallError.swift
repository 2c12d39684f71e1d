#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, on which path, and what `errno` said.
struct SystemCallError: Error, CustomStringConvertible {
    let call: String
    let path: String
    let code: Int32
    /// What to say instead of the call and `strerror`, for a refusal no call made.
    let message: String?

    init(_ call: String, _ path: String, _ code: Int32 = errno) {
        self.call = call
        self.path = path
        self.code = code
        self.message = nil
    }

    /// A refusal that no failed call explains, e.g. a consent file that is a FIFO.
    init(message: String) {
        self.call = ""
        self.path = ""
        self.code = 0
        self.message = message
    }

    /// Whether the call was refused for lack of permission.
    var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    /// What `strerror` says, e.g. "Permission denied".
    var reason: String { String(cString: strerror(code)) }

    var description: String { message ?? "\(call)(\(path)) failed: \(reason)" }
}
