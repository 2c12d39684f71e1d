import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the first Ctrl-C (`SIGINT`), `SIGTERM` (what `timeout`, systemd and `docker stop` send) or `SIGHUP` (the
/// terminal closed) into a clean stop: the output is finished properly (GeoJSON closed) and the summary printed.
/// A second signal of the same kind quits at once.
final class Interrupt: @unchecked Sendable {
    // @unchecked: a dispatch source may be used from any thread; `sources` is set once.
    /// The signals handled as Ctrl-C.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]

    init(_ handler: @escaping @Sendable () -> Void) {
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                handler()
                signal(number, SIG_DFL)
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
