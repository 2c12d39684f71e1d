import Foundation
import Testing

/// `track --source` on what can be read only once (a named FIFO, `/dev/stdin` on a pipe, process substitution), on
/// compressed tracks and on tracks nothing can be read from.
@Suite(.timeLimit(.minutes(5)))
struct TrackInputTests {
    @Test("a named FIFO as --source is opened once and read whole")
    func namedFIFO() async throws {
        let track = CLIShell.gpx(points: 400)
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try track.write(to: directory.appendingPathComponent("walk.gpx"), atomically: true, encoding: .utf8)
        let result = try await CLIShell.run(
            """
            mkfifo "$D/fifo" && (cat "$D/walk.gpx" > "$D/fifo" &) && \
            "$W" track --source "$D/fifo" \(CLIShell.answered) --format ndjson --speed max
            """,
            in: directory,
            seconds: 30
        )
        #expect(!result.timedOut, "track hung on a FIFO: \(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 400, "\(result.stderr)")
    }

    @Test("/dev/stdin on a pipe and process substitution are read whole: no fix lost to format detection")
    func pipesGivenAsFiles() async throws {
        // More than 16 KiB (detection reads up to that much) and more than one 64 KiB chunk.
        let track = CLIShell.gpx(points: 2_000)
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try track.write(to: directory.appendingPathComponent("walk.gpx"), atomically: true, encoding: .utf8)
        for command in [
            #"cat "$D/walk.gpx" | "$W" track --source /dev/stdin"#, #""$W" track --source <(cat "$D/walk.gpx")"#,
        ] {
            let result = try await CLIShell.run(
                command + " \(CLIShell.answered) --format ndjson",
                in: directory,
                seconds: 60
            )
            #expect(!result.timedOut, "\(command): \(result.stderr)")
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 2_000, "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("warning"), "\(command): \(result.stderr)")
        }
    }

    @Test("a pipe given as a file cannot loop: a usage error that says why")
    func pipeCannotLoop() async throws {
        let result = try await CLIShell.run(
            #"exec "$W" track --source <(echo) --loop 2 "# + CLIShell.answered,
            seconds: 30
        )
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("can be read once"), "\(result.stderr)")
    }

    @Test("a gzip track is read, from a file or a pipe; bzip2 and zip are refused by name, with how to decompress")
    func compressedTracks() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIShell.gpx(points: 3_000).write(
            to: directory.appendingPathComponent("walk.gpx"),
            atomically: true,
            encoding: .utf8
        )
        for command in [
            #"gzip -c "$D/walk.gpx" > "$D/walk.gpx.gz" && "$W" track --source "$D/walk.gpx.gz""#,
            #"gzip -c "$D/walk.gpx" | "$W" track --source -"#,
            #"(gzip -c "$D/walk.gpx"; gzip -c /dev/null) > "$D/two.gz" && "$W" track --source "$D/two.gz""#,
        ] {
            let result = try await CLIShell.run(command + " --format ndjson " + CLIShell.answered, in: directory)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 3_000, "\(command): \(result.stderr)")
        }
        let cut = try await CLIShell.run(
            #"gzip -c "$D/walk.gpx" > "$D/w.gz" && head -c $(( $(wc -c < "$D/w.gz") / 2 )) "$D/w.gz" > "$D/cut.gz" && "#
                + #""$W" track --source "$D/cut.gz" "#
                + CLIShell.answered,
            in: directory
        )
        #expect(cut.status == 1, "\(cut.stderr)")
        #expect(cut.stderr.contains("cut.gz: is gzip-compressed but cannot be decompressed"), "\(cut.stderr)")
        let bzip2 = try await CLIShell.run(
            #"bzip2 -c "$D/walk.gpx" > "$D/walk.gpx.bz2" && "$W" track --source "$D/walk.gpx.bz2" "#
                + CLIShell.answered,
            in: directory
        )
        #expect(bzip2.status == 1, "\(bzip2.stderr)")
        #expect(bzip2.stderr.contains("walk.gpx.bz2: is bzip2-compressed"), "\(bzip2.stderr)")
        #expect(bzip2.stderr.contains("bunzip2 -c"), "\(bzip2.stderr)")
        let zip = try await CLIShell.run(
            #"printf 'PK\003\004rest' | "$W" track --source - "# + CLIShell.answered,
            in: directory
        )
        #expect(zip.status == 1, "\(zip.stderr)")
        #expect(zip.stderr.contains("is a zip archive"), "\(zip.stderr)")
    }

    @Test("a track whose every record is malformed exits 1 and says so")
    func everyRecordMalformed() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("bad.gpx")
        var text = #"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>"#
        for _ in 0..<5 { text += "\n<trkpt lat=\"north\" lon=\"2.35\"><time>2026-05-16T10:00:00Z</time></trkpt>" }
        try (text + "\n</trkseg></trk></gpx>\n").write(to: track, atomically: true, encoding: .utf8)
        let output = try await CLIRunner.run([
            "track", "--source", track.path, "--answer", "while-using",
            "--consent-file", directory.appendingPathComponent("c.json").path,
        ])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("all 5 of its records were malformed"), "\(output.stderr)")
    }

    @Test("200,000 damaged NMEA lines: 20 warnings, then one count at the end")
    func manyDamagedLinesAreCounted() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let track = directory.appendingPathComponent("damaged.nmea")
        let damaged = String(
            repeating: "$GPGGA,120000.00,4851.5040,N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,*00\n",
            count: 200_000
        )
        try (TrackSourceTests.nmea + damaged).write(to: track, atomically: true, encoding: .utf8)
        let output = try await CLIRunner.run([
            "track", "--source", track.path, "--answer", "while-using", "--format", "ndjson",
            "--consent-file", directory.appendingPathComponent("c.json").path,
        ])
        let warnings = output.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count <= 22, "\(warnings.count) warnings")
        #expect(output.stderr.contains("200000 malformed records were skipped in all"), "\(output.stderr.suffix(500))")
        #expect(output.stdout.split(separator: "\n").count == 2)
    }

    @Test(
        "a folder or a missing file as a track, an Info.plist, a scenario or a lint configuration: the system's reason, never an NSCocoaErrorDomain code"
    )
    func operatingSystemReasons() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json").path
        let folder = try await CLIRunner.run([
            "track", "--source", directory.path, "--answer", "deny", "--consent-file", consent,
        ])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("\(directory.path): is a folder"), "\(folder.stderr)")
        let missing = directory.appendingPathComponent("missing.gpx").path
        let absent = try await CLIRunner.run([
            "track", "--source", missing, "--answer", "deny", "--consent-file", consent,
        ])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("No such file or directory"), "\(absent.stderr)")
        let picture = try await CLIRunner.run([
            "track", "--answer", "while-using", "--limit", "1", "--consent-file", consent,
            "--svg", directory.appendingPathComponent("no/such/folder.svg").path,
        ])
        #expect(picture.status == 1)
        #expect(picture.stderr.contains("No such file or directory"), "\(picture.stderr)")
        let plist = try await CLIRunner.run([
            "track", "--app-info", directory.path, "--answer", "deny", "--consent-file", consent,
        ])
        #expect(plist.status == 1)
        #expect(plist.stderr.contains("\(directory.path) is a folder, not a file"), "\(plist.stderr)")
        let scenario = try await CLIRunner.run(["simulate", "--scenario", directory.path])
        #expect(scenario.status == 2)
        #expect(scenario.stderr.contains("\(directory.path) is a folder, not a file"), "\(scenario.stderr)")
        let configuration = try await CLIRunner.run(["lint", directory.path, "--config", directory.path])
        #expect(configuration.status == 1)
        #expect(configuration.stderr.contains("\(directory.path) is a folder, not a file"), "\(configuration.stderr)")
        for output in [folder, absent, picture, plist, scenario, configuration] {
            #expect(!output.stderr.contains("NSCocoaErrorDomain"), "\(output.stderr)")
        }
    }
}

extension TrackInputTests {
    @Test(
        "--answer with a consent folder that cannot be written: the fixes still come, and it says the answer is not kept"
    )
    func unwritableConsentFolder() async throws {
        // /dev/null is not a folder, so nothing can be written under it, even by root (a read-only folder is
        // writable for root, and tests may run as root).
        let output = try await CLIRunner.run([
            "track", "--answer", "while-using", "--approximate", "--limit", "2", "--format", "ndjson",
            "--consent-file", "/dev/null/whereabouts/consent.json",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").count == 2, "\(output.stderr)")
        #expect(output.stderr.contains("This run goes on"), "\(output.stderr)")
        #expect(output.stderr.contains("its answer is not kept"), "\(output.stderr)")
    }
}
