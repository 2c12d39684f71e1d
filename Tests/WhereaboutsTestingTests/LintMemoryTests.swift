import Foundation
import Testing
import WhereaboutsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `whereabouts lint` reads a large `project.pbxproj` in at most three times its size, measured in a process of
/// its own so that the other tests running in parallel do not count.
@Suite(.timeLimit(.minutes(5)))
struct LintMemoryTests {
    /// Lints a folder holding a generated project of about `bytes` bytes; returns the file's size, the peak
    /// resident size of the `whereabouts lint` process, and its standard error.
    static func lint(projectOf bytes: Int) async throws -> (size: Int, peak: Int?, stderr: String) {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = directory.appendingPathComponent("Big.xcodeproj/project.pbxproj")
        // Written on a thread of its own: tens of megabytes of writes can wait on a busy disk.
        try await onThreadOfItsOwn {
            try FileManager.default.createDirectory(
                at: project.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            // Streamed: the test process must not grow by the file's size (other tests measure their own growth).
            try LargeXcodeProject.write(bytes: bytes, to: project)
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: project.path)[.size] as? Int)
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        let binary = try CLIRunner.binary()
        process.executableURL = binary
        process.arguments = ["lint", directory.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        let child = try ChildProcess(process)
        // Read every millisecond on a thread of its own (a task's sleep on the pool can last seconds in a busy run,
        // past the end of a short run). VmHWM only grows, so a reading after the peak, which comes while the
        // project is parsed, seconds before the exit, catches it. Until the child has executed the binary, its
        // /proc entry shows the test process's memory (posix_spawn shares it): such readings do not count.
        let executable = binary.resolvingSymlinksInPath().path
        let peak = try await onThreadOfItsOwn { () -> Int? in
            var peak: Int?
            let deadline = Date().addingTimeInterval(240)
            while child.isRunning, Date() < deadline {
                let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/exe")
                if exe == executable, let reading = TrackMemoryTests.peakResident(of: child.pid) {
                    peak = max(peak ?? 0, reading)
                }
                usleep(1_000)
            }
            return peak
        }
        if child.isRunning { child.send(SIGKILL) }
        await child.exit()
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return (size, peak, stderr)
    }

    @Test(
        "lint reads a generated project.pbxproj in at most three times its size: 20 MB take at most 30 MB more than 10 MB",
        .enabled(if: !TrackMemoryTests.underThreadSanitizer, "ThreadSanitizer's shadow memory doubles every size")
    )
    func aProjectIsReadInThreeTimesItsSize() async throws {
        // Two projects that each take seconds to read, so the peaks are read while the processes run; what the
        // process takes whatever it reads (its code, the runtime) is in both peaks and drops out of the difference.
        let small = try await Self.lint(projectOf: 10_000_000)
        let large = try await Self.lint(projectOf: 20_000_000)
        #expect(small.size >= 9_500_000 && large.size >= 19_000_000)
        // The five app targets list source files that are not in the folder: not checked, and said so.
        #expect(large.stderr.contains("5 targets not checked"), "\(large.stderr)")
        guard let smallPeak = small.peak, let largePeak = large.peak else { return }  // no /proc: nothing to read
        let grown = largePeak - smallPeak
        let added = large.size - small.size
        // Measured here (debug build, /usr/bin/time): 56 MB for 10 MB and 80 MB for 20 MB, 2.4 times the 10 MB
        // between them; the parser that kept a String per word and a dictionary per object took 72 and 113 MB, 4.0
        // times.
        #expect(
            grown <= 3 * added,
            "peaks \(largePeak >> 20) MB and \(smallPeak >> 20) MB: \(grown >> 20) MB for \(added >> 20) MB more"
        )
    }
}
