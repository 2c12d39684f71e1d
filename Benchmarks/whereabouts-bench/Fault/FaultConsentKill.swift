import ArgumentParser
import Foundation
import Glibc
import Whereabouts
import WhereaboutsReplay

/// `whereabouts-bench fault-consent-kill`: kills the consent store's writer with `kill -9` at
/// random moments and checks, after each kill, that the file holds exactly the state after the
/// last reported write or the one in flight.
///
/// Each round starts ``FaultConsentWriter`` from the step after the state the file holds, waits
/// until it says `ready`, sleeps a random time (up to `--max-delay-ms`) and sends `SIGKILL`. Then
/// the file must parse as JSON, read through ``FileConsentStore`` without a warning, and equal
/// ``FaultConsentSchedule/state(after:)`` for the last `committed K` or for `K + 1`. Anything else is a
/// lost grant (an earlier state), an invented one (no state of the schedule) or a corrupt file;
/// a `consent.json.corrupt-*` file set aside counts as a loss.
struct FaultConsentKill: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault-consent-kill",
        abstract: "Kill the consent writer mid-write N times and check that no grant is lost or invented.",
        shouldDisplay: false
    )

    @Option(help: "How many kills.")
    var kills: Int = 1000

    @Option(help: "The seed for the kill times.")
    var seed: UInt64 = 1

    @Option(help: "The longest wait, in milliseconds, between the writer's start and the kill.")
    var maxDelayMs: Double = 40

    @Option(help: "A folder for the consent file (default: a new temporary folder, removed afterwards).")
    var workDirectory: String?

    func run() async throws {
        let directory = workDirectory ?? NSTemporaryDirectory() + "whereabouts-consent-kill-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if workDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let file = directory + "/consent.json"
        try? FileManager.default.removeItem(atPath: file)
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        var state = 0
        let start = Measure.now()
        for round in 1...kills {
            let delay = Double.random(in: 0...maxDelayMs, using: &random) / 1000
            let writer = try FaultChildProcess(
                Measure.executablePath,
                ["fault-consent-writer", "--file", file, "--from", String(state + 1)]
            )
            while let line = writer.readLine(), line != "ready" {}
            faultSleep(delay)
            writer.signal(SIGKILL)
            let status = writer.waitForExit()
            let lines = writer.remainingLines()
            if status != 128 + SIGKILL { tally.failures.append("round \(round): the writer ended with \(status)") }
            let committed = lines.compactMap { Self.step(in: $0, after: "committed ") }.max() ?? state
            let began = lines.compactMap { Self.step(in: $0, after: "begin ") }.max() ?? state
            let midWrite = began > committed
            tally.committedWrites += committed - state
            let (found, problem) = await Self.check(
                file: file,
                directory: directory,
                committed: committed,
                tally: &tally
            )
            if let problem {
                tally.failures.append(
                    "round \(round) (seed \(seed)): after committed \(committed)"
                        + (midWrite ? ", begin \(began)" : "") + ": \(problem)"
                )
                break
            }
            if midWrite { tally.midWrite += 1 }
            if found == committed + 1 { tally.landedUnreported += 1 }
            state = found
        }
        let seconds = Measure.now() - start
        print(tally.summary(kills: kills, seed: seed, seconds: seconds, writes: state))
        if !tally.failures.isEmpty { throw ExitCode(1) }
    }

    /// What the rounds found.
    struct Tally {
        var committedWrites = 0
        var midWrite = 0
        var landedUnreported = 0
        var temporaryFilesLeft = 0
        var failures: [String] = []

        func summary(kills: Int, seed: UInt64, seconds: Double, writes: Int) -> String {
            var lines = [
                "fault-consent-kill: \(kills) kill -9 of the consent writer (seed \(seed)) in "
                    + String(format: "%.1f s", seconds),
                "  writes in the file at the end:          \(writes) (each checked after its kill)",
                "  kills mid-write (begin k, no commit k):  \(midWrite)",
                "    of which the write had landed:         \(landedUnreported) (file = state after k)",
                "  kills between two writes:                \(kills - midWrite)",
                "  temporary files left by a kill:          \(temporaryFilesLeft) (removed by the harness)",
                "  lost grants, invented grants, corrupt or moved-aside files: \(failures.count)",
            ]
            lines += failures.map { "  FAIL \($0)" }
            lines.append(failures.isEmpty ? "PASS" : "FAIL")
            return lines.joined(separator: "\n")
        }
    }

    /// Reads the file and finds which state of the schedule it holds: `committed` or the next.
    ///
    /// - Returns: The step whose state the file holds, or a problem.
    static func check(
        file: String,
        directory: String,
        committed: Int,
        tally: inout Tally
    ) async -> (Int, String?) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if let aside = names.first(where: { $0.contains(".corrupt-") }) {
            return (0, "the file was moved aside to \(aside) (a loss)")
        }
        for name in names where name.hasSuffix(".tmp") {
            tally.temporaryFilesLeft += 1
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
        if let data = FileManager.default.contents(atPath: file) {
            do {
                _ = try JSONSerialization.jsonObject(with: data)
            } catch {
                return (0, "the file is not JSON (\(data.count) bytes): \(error)")
            }
        } else if committed > 0 {
            return (0, "the file is gone after \(committed) committed writes")
        }
        let warnings = FaultWarningLog()
        let store = FileConsentStore(fileURL: URL(fileURLWithPath: file), onWarning: { warnings.add($0) })
        let grants = await store.allGrants()
        if let warning = warnings.all.first { return (0, "the store warned: \(warning)") }
        if grants == FaultConsentSchedule.state(after: committed) { return (committed, nil) }
        if grants == FaultConsentSchedule.state(after: committed + 1) { return (committed + 1, nil) }
        let earlier = (0..<committed).last { FaultConsentSchedule.state(after: $0) == grants }
        if let earlier { return (0, "lost grants: the file holds the state after step \(earlier)") }
        return (0, "invented grants: the file holds \(grants), no state of the schedule")
    }

    static func step(in line: String, after prefix: String) -> Int? {
        line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count)) : nil
    }
}
