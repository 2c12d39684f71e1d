import Foundation
import Testing

/// `track` on your own files and on standard input, including bad ones.
@Suite(.timeLimit(.minutes(5)))
struct TrackSourceTests {
    static let nmea = """
        $GPGGA,120000.00,4851.5040,N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,*57
        $GPRMC,120000.00,A,4851.5040,N,00217.6700,E,2.7,90.0,160526,,,A*6B
        $GPGGA,120001.00,4851.5050,N,00217.6720,E,1,08,0.9,35.0,M,47.0,M,,*55
        $GPRMC,120001.00,A,4851.5050,N,00217.6720,E,2.7,90.0,160526,,,A*69

        """

    static func gpx(points: Int, broken: Int? = nil) -> String {
        var text = #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for index in 0..<points {
            let lat = index == broken ? "north" : String(format: "%.6f", 48.85 + Double(index) * 0.0001)
            text +=
                "\n<trkpt lat=\"\(lat)\" lon=\"2.35\"><time>2026-05-16T10:00:\(String(format: "%02d", index))Z</time></trkpt>"
        }
        return text + "\n</trkseg></trk></gpx>\n"
    }

    @Test("NMEA on standard input is detected and replayed")
    func nmeaOnStandardInput() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await CLIRunner.run(
            [
                "track", "--source", "-", "--answer", "while-using", "--precise",
                "--format", "ndjson", "--consent-file", directory.appendingPathComponent("c").path,
            ],
            input: Data(Self.nmea.utf8)
        )
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"latitude\":48.8584") == true, "\(output.stdout)")
    }

    @Test("NMEA on standard input after gpsd's comment header and a cut sentence: detected, no fix lost, one note")
    func nmeaWithAHeaderOnStandardInput() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // gpsd's test logs start so (test/daemon/*.log); then the tail of a sentence cut where the capture began.
        let header = "# Name: GlobalSat BU-353-S4\n# Chipset = SiRF-IV\n17.6700,E,2.7,90.0,160526,,,A*6B\n"
        let output = try await CLIRunner.run(
            [
                "track", "--source", "-", "--answer", "while-using", "--precise", "--strict",
                "--format", "ndjson", "--consent-file", directory.appendingPathComponent("c").path,
            ],
            input: Data((header + Self.nmea).utf8)
        )
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"latitude\":48.8584") == true, "\(output.stdout)")
        #expect(output.stderr.contains("note: <stdin>:3:1: skipped 1 line before the first sentence (line 4)"))
        #expect(output.stderr.contains("note: <stdin>:1:1: 2 comment lines (starting with #) skipped"))
        #expect(!output.stderr.contains("warning:"), "\(output.stderr)")
    }

    /// A dead-reckoning second between two measured ones: GGA quality 6 and RMC mode E, as a
    /// u-blox receiver sends them in a tunnel (positions made up, checksums computed).
    static let nmeaWithDeadReckoning = [
        "GPGGA,120000.00,4851.5040,N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,",
        "GPRMC,120000.00,A,4851.5040,N,00217.6700,E,2.7,90.0,160526,,,A",
        "GPGGA,120001.00,4851.5050,N,00217.6720,E,6,00,99.9,35.0,M,47.0,M,,",
        "GPRMC,120001.00,A,4851.5050,N,00217.6720,E,2.7,90.0,160526,,,E",
        "GPGGA,120002.00,4851.5060,N,00217.6740,E,1,08,0.9,35.0,M,47.0,M,,",
        "GPRMC,120002.00,A,4851.5060,N,00217.6740,E,2.7,90.0,160526,,,A",
    ].map { body in
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(checksum < 16 ? "0" : "")\(String(checksum, radix: 16, uppercase: true))\n"
    }.joined()

    @Test("estimated NMEA positions are left out and counted at the end, unless --include-estimated")
    func includeEstimated() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tunnel.nmea")
        try Data(Self.nmeaWithDeadReckoning.utf8).write(to: file)
        let base = [
            "track", "--source", file.path, "--answer", "while-using", "--precise", "--format", "ndjson",
            "--consent-file", directory.appendingPathComponent("c").path, "--strict",
        ]
        let skipping = try await CLIRunner.run(base)
        #expect(skipping.status == 0, "\(skipping.stderr)")
        #expect(skipping.stdout.split(separator: "\n").count == 2)
        #expect(
            skipping.stderr.contains("note: \(file.path): 1 estimated position was not replayed"),
            "\(skipping.stderr)"
        )
        #expect(skipping.stderr.contains("--include-estimated"))

        let including = try await CLIRunner.run(base + ["--include-estimated"])
        #expect(including.status == 0, "\(including.stderr)")
        let lines = including.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.count == 3 && lines[1].contains("\"latitude\":48.858416"), "\(including.stdout)")
        #expect(!including.stderr.contains("estimated"))
    }

    @Test("a malformed point is reported with file and line; the others are delivered; --strict stops")
    func malformedPoint() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.gpx")
        try Self.gpx(points: 5, broken: 2).write(to: file, atomically: true, encoding: .utf8)
        let consent = directory.appendingPathComponent("c").path
        let output = try await CLIRunner.run([
            "track", "--source", file.path, "--answer", "while-using", "--precise",
            "--format", "ndjson", "--consent-file", consent,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").count == 4)
        #expect(output.stderr.contains("\(file.path):4:"), "\(output.stderr)")
        let strict = try await CLIRunner.run([
            "track", "--source", file.path, "--answer", "while-using", "--precise",
            "--format", "ndjson", "--strict", "--consent-file", consent,
        ])
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(strict.stdout.split(separator: "\n").count == 2, "the fixes before the error are kept")
        #expect(strict.stderr.contains("\(file.path):4:"), "\(strict.stderr)")
    }

    @Test("an absurd accuracy in a track does not crash the table")
    func absurdAccuracy() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("odd.gpx")
        try
            #"<gpx version="1.1"><wpt lat="48.85" lon="2.35"><time>2026-05-16T10:00:00Z</time><hdop>1e300</hdop></wpt></gpx>"#
            .write(to: file, atomically: true, encoding: .utf8)
        let output = try await CLIRunner.run([
            "track", "--source", file.path, "--answer", "while-using", "--precise",
            "--consent-file", directory.appendingPathComponent("c").path,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").count == 2)
    }

    @Test("an unusable track is refused before the person is asked, and nothing is stored")
    func unusableTrackBeforeAsking() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("empty.gpx")
        try Data().write(to: file)
        let consent = directory.appendingPathComponent("c.json")
        let output = try await CLIRunner.run([
            "track", "--source", file.path, "--answer", "deny", "--consent-file",
            consent.path,
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(file.path): is empty"), "\(output.stderr)")
        #expect(!output.stderr.contains("answered"), "no prompt before the track is known to be usable")
        let kept = (try? String(contentsOf: consent, encoding: .utf8)) ?? ""
        #expect(!kept.contains("com.example.wayfinder"))
    }

    @Test("with nobody to answer, track never spends the once-per-install Always prompt")
    func headlessAlwaysUpgrade() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json").path
        let info = directory.appendingPathComponent("Info.plist")
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.example.wayfinder",
            "NSLocationWhenInUseUsageDescription": "Shows where you are on the map.",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Tells you when you reach a saved place.",
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: info)
        _ = try await CLIRunner.run([
            "consent", "set", "com.example.wayfinder", "--status", "while-using",
            "--consent-file", consent,
        ])
        let output = try await CLIRunner.run([
            "track", "--request", "always", "--app-info", info.path, "--consent-file", consent,
        ])
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("would ask to upgrade to Always"), "\(output.stderr)")
        #expect(
            !((try? String(contentsOfFile: consent, encoding: .utf8)) ?? "").contains("\"alwaysPromptShown\" : true")
        )
    }

    // The CLI's old copy of the rules called the upgrade "due" even when the Always key was missing, where iOS
    // (and the engine) shows nothing: the run now ends with the engine's error naming the key, and spends nothing.
    @Test("Always without its usage description: no prompt is due; the error names the missing key")
    func headlessAlwaysWithoutTheKey() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let consent = directory.appendingPathComponent("c.json").path
        _ = try await CLIRunner.run([
            "consent", "set", "com.example.wayfinder", "--status", "while-using",
            "--consent-file", consent,
        ])
        let output = try await CLIRunner.run(["track", "--request", "always", "--consent-file", consent])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("NSLocationAlwaysAndWhenInUseUsageDescription is missing"), "\(output.stderr)")
        #expect(
            !((try? String(contentsOfFile: consent, encoding: .utf8)) ?? "").contains("\"alwaysPromptShown\" : true")
        )
    }

    @Test("a file that is not a track, or is missing, is an error naming it")
    func notATrack() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try "hello".write(to: file, atomically: true, encoding: .utf8)
        let consent = directory.appendingPathComponent("c").path
        let output = try await CLIRunner.run([
            "track", "--source", file.path, "--answer", "while-using", "--consent-file",
            consent,
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(file.path):1: is neither GPX"), "\(output.stderr)")
        let missing = try await CLIRunner.run([
            "track", "--source", "/nonexistent.gpx", "--answer", "while-using",
            "--consent-file", consent,
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent.gpx: cannot be opened"), "\(missing.stderr)")
    }

    @Test("an Info.plist without a when-in-use description is an error that names the key")
    func missingUsageDescription() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("Info.plist")
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example.bare"],
            format: .xml,
            options: 0
        )
        try data.write(to: plist)
        let output = try await CLIRunner.run([
            "track", "--app-info", plist.path, "--answer", "while-using",
            "--consent-file", directory.appendingPathComponent("c").path,
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("NSLocationWhenInUseUsageDescription is missing from Info.plist"))
    }

    static let kinds = """
        <?xml version="1.0"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="48.8530" lon="2.3499"><time>2019-07-14T10:00:00Z</time></wpt>
        <rte><rtept lat="48.8566" lon="2.3412"/><rtept lat="48.8580" lon="2.3376"/></rte>
        <trk><trkseg>
        <trkpt lat="48.8600" lon="2.3400"><time>2026-05-16T10:00:00Z</time></trkpt>
        <trkpt lat="48.8601" lon="2.3400"/>
        <trkpt lat="48.8602" lon="2.3400"><time>2026-05-16T10:00:04Z</time></trkpt>
        </trkseg></trk>
        </gpx>

        """

    @Test(
        "--points plays the tracks by default, or the kind asked for, from a file and from standard input",
        arguments: [
            (nil, ["48.86", "48.8601", "48.8602"]),
            ("trk", ["48.86", "48.8601", "48.8602"]),
            ("rte", ["48.8566", "48.858"]),
            ("wpt", ["48.853"]),
            ("all", ["48.853", "48.8566", "48.858", "48.86", "48.8601", "48.8602"]),
        ] as [(String?, [String])]
    )
    func points(kind: String?, latitudes: [String]) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("kinds.gpx")
        try Self.kinds.write(to: file, atomically: true, encoding: .utf8)
        let consent = directory.appendingPathComponent("c").path
        for source in [file.path, "-"] {
            let output = try await CLIRunner.run(
                [
                    "track", "--source", source, "--answer", "while-using", "--precise", "--format", "ndjson",
                    "--consent-file", consent,
                ] + (kind.map { ["--points", $0] } ?? []),
                input: source == "-" ? Data(Self.kinds.utf8) : nil
            )
            #expect(output.status == 0, "\(output.stderr)")
            let fixes = output.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(fixes.compactMap { ($0["latitude"] as? Double).map { "\($0)" } } == latitudes, "\(source)")
            if kind == nil {
                // The track point without a time is placed between its neighbours: halfway, 2 s in.
                #expect(fixes.compactMap { $0["timestamp"] as? String }.dropFirst().first == "2026-05-16T10:00:02.000Z")
            }
        }
    }

    @Test("--points is refused for gpsd and for a value it does not know")
    func pointsValidation() async throws {
        let gpsd = try await CLIRunner.run(["track", "--source", "gpsd://localhost", "--points", "trk"])
        #expect(gpsd.status == 64, "\(gpsd.stderr)")
        #expect(gpsd.stderr.contains("--points"), "\(gpsd.stderr)")
        let unknown = try await CLIRunner.run(["track", "--points", "tracks"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("trk"), "\(unknown.stderr)")
    }
}
