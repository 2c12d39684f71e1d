import ArgumentParser
import Foundation
import Glibc
import Whereabouts

/// `whereabouts-bench fault-consent-writer`: the writer the consent-kill harness kills.
///
/// It writes steps `--from`, `--from + 1`, … of ``FaultConsentSchedule`` to the consent file through
/// ``FileConsentStore``, printing `begin K` before step K's write and `committed K` after it
/// returned, each line written straight to standard output (no buffer), so the parent knows, after
/// a `kill -9`, the last write that returned and whether one was under way.
struct FaultConsentWriter: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault-consent-writer",
        abstract: "Write a known sequence of grant changes, reporting each (run by fault-consent-kill).",
        shouldDisplay: false
    )

    @Option(help: "The consent file.")
    var file: String

    @Option(help: "The first step to write.")
    var from: Int = 1

    @Option(help: "The last step to write.")
    var to: Int = 1_000_000

    func run() async throws {
        let store = FileConsentStore(
            fileURL: URL(fileURLWithPath: file),
            onWarning: { message in
                FaultConsentWriter.report("warning \(message)")
            }
        )
        Self.report("ready")
        for step in from...to {
            Self.report("begin \(step)")
            try await store.setGrant(FaultConsentSchedule.change(step), for: FaultConsentSchedule.appID(step))
            Self.report("committed \(step)")
        }
    }

    /// Writes one line to standard output with a single `write`, unbuffered.
    static func report(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
