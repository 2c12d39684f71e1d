import ArgumentParser
import Foundation
import Logging
import Whereabouts
import WhereaboutsReplay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `whereabouts track`: replays a track through the engine and prints what the app may see.
struct Track: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a track through the authorization engine and print what the app may see.",
        discussion: """
            With no options: the bundled sample (an 11-minute walk in Paris, played six times: about an hour \
            of walking) and the bundled demo app "Wayfinder". The first run shows what the app's user sees: \
            the app's explanation (its purpose, Continue or Not Now), then the system's location prompt as iOS \
            words it, and remembers the answer (see `whereabouts consent`); after a denial, the app's screen and \
            the `consent` command that stands for Settings. Then every fix the app may receive is printed: \
            precise fixes, or approximate ones (at most 4 an hour of track time) with their radius.

            With --geofences FILE: the track is replayed against the fences of a GeoJSON file (Points with a \
            "radius" property in metres) through the library's GeofenceMonitor, which keeps the nearest fences \
            within the system's 20 monitored conditions, and the enter and exit events the app hears are printed \
            instead of its fixes, in any --format; --background puts the app in the background once authorized \
            (When In Use then hears nothing). --limit counts events.

            Exit codes: 0 done (also when the app may not use location: it says why; and when stopped by Ctrl-C, \
            SIGTERM or SIGHUP: the output is closed properly); 1 the track or the Info.plist cannot be used, \
            every record of the track was malformed, or --svg cannot be written; 3 a prompt is \
            due and nobody can answer it (standard input is not a terminal and no --answer); 64 a wrong option; \
            74 standard output or standard error could not be written.
            """
    )

    enum RequestKind: String, ExpressibleByArgument, CaseIterable {
        case whenInUse = "when-in-use"
        case always
    }

    enum Answer: String, ExpressibleByArgument, CaseIterable {
        case allowOnce = "allow-once"
        case whileUsing = "while-using"
        case deny
        /// "Not Now" at the app's explanation: the system prompt is never shown.
        case notNow = "not-now"
    }

    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case allow, deny
    }

    enum Accuracy: String, EnumerableFlag {
        case precise, approximate

        static func help(for value: Accuracy) -> ArgumentHelp? {
            value == .precise ? "With --answer: the Precise switch on." : "With --answer: the Precise switch off."
        }
    }

    @Option(
        help: ArgumentHelp(
            "A GPX or NMEA track, - for standard input, or gpsd://HOST[:PORT] for a running "
                + "gpsd (default: the bundled sample).",
            valueName: "source"
        )
    )
    var source: String?

    @Option(
        help: ArgumentHelp(
            "The app's Info.plist (XML or binary; default: the bundled demo app).",
            valueName: "plist"
        )
    )
    var appInfo: String?

    @Option(help: ArgumentHelp("The app's identifier (default: the plist's CFBundleIdentifier).", valueName: "id"))
    var appID: String?

    @Option(help: "What the app asks for.")
    var request: RequestKind = .whenInUse

    @Option(
        help: ArgumentHelp(
            "After authorization, ask for temporary precise access with this purpose key.",
            valueName: "key"
        )
    )
    var purposeKey: String?

    /// `--points`: which points of a GPX file play.
    enum PointKinds: String, ExpressibleByArgument, CaseIterable {
        case trk, rte, wpt, all

        var points: GPXReader.Points {
            switch self {
            case .trk: .tracks
            case .rte: .routes
            case .wpt: .waypoints
            case .all: .all
            }
        }
    }

    @Option(
        help: ArgumentHelp(
            "Which points of a GPX file play: trk (tracks), rte (routes), wpt (waypoints) or all, in the "
                + "file's order (default: the tracks; else the routes; else the waypoints).",
            valueName: "trk|rte|wpt|all"
        )
    )
    var points: PointKinds?

    @Option(help: "Output: table (for people), ndjson or geojson (for programs).")
    var format: FixWriter.Format = .table

    // `.unconditional`: `--speed -1` reaches the check below (which says what is wrong) instead of being taken for
    // a flag and reported as a missing value. So for `--loop` and `--limit`.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Replay speed: N times real time (0.001 to 1000000), or max (default: max when the output is not a "
                + "terminal; else 10 for the sample, 1 for your file).",
            valueName: "N|max"
        )
    )
    var speed: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Play the track N times, or forever (default: 6 for the sample, 1 for your file).",
            valueName: "N|forever"
        )
    )
    var loop: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after N delivered fixes.", valueName: "N"))
    var limit: Int?

    @Option(
        help: ArgumentHelp(
            "Answer the location prompt without a terminal (not-now: \"Not Now\" at the app's explanation, so "
                + "the prompt is never shown; the others continue past the explanation)."
        )
    )
    var answer: Answer?

    @Flag(
        help: ArgumentHelp(
            "Leave out the app's explanation before the system prompt, as an app that asks at once does (for "
                + "scripts that type the prompt's answers at a terminal)."
        )
    )
    var noExplanation = false

    @Flag(exclusivity: .exclusive)
    var accuracy: Accuracy?

    @Option(help: "With --answer: the answer to the temporary precise prompt (--purpose-key).")
    var temporaryAnswer: Choice = .allow

    @Option(help: "With --answer and --request always: the answer to the upgrade prompt (always or keep).")
    var alwaysAnswer: AlwaysChoice = .keep

    enum AlwaysChoice: String, ExpressibleByArgument, CaseIterable {
        case always, keep
    }

    @Option(
        help: ArgumentHelp(
            "The consent file (default: $XDG_DATA_HOME/whereabouts/consent.json).",
            valueName: "file"
        )
    )
    var consentFile: String?

    @Option(
        help: ArgumentHelp(
            "Write an SVG picture of the true track against what the app received.",
            valueName: "file"
        )
    )
    var svg: String?

    @Option(
        help: ArgumentHelp(
            "Replay the track against these geofences (a GeoJSON file of Points with a radius) and print the "
                + "enter and exit events the app hears instead of its fixes.",
            valueName: "file"
        )
    )
    var geofences: String?

    @Flag(
        help: ArgumentHelp(
            "With --geofences: the app goes to the background once it is authorized, as a phone in a pocket "
                + "(under When In Use no fence event reaches it there)."
        )
    )
    var background = false

    @Flag(help: "Stop at the first malformed record instead of skipping it.")
    var strict = false

    @Flag(
        help: "Replay NMEA positions the receiver did not measure (dead reckoning, simulator, status V) as fixes."
    )
    var includeEstimated = false

    @Option(
        help: ArgumentHelp(
            "The UTC date of NMEA fixes before the first RMC or ZDA sentence, for a log without one (GGA only).",
            valueName: "YYYY-MM-DD"
        )
    )
    var date: String?

    func validate() throws {
        for (flag, value) in [
            ("--source", source), ("--app-info", appInfo), ("--app-id", appID), ("--purpose-key", purposeKey),
            ("--consent-file", consentFile), ("--svg", svg), ("--geofences", geofences),
        ] where value?.isEmpty == true {
            throw ValidationError("\(flag) is empty; give a value, or leave the option out for its default.")
        }
        if accuracy != nil && answer == nil {
            throw ValidationError("--precise and --approximate set the Precise switch of --answer; add --answer.")
        }
        if answer == .notNow {
            if noExplanation {
                throw ValidationError(
                    "--answer not-now answers the app's explanation, which --no-explanation leaves out; give one of them."
                )
            }
            if accuracy != nil {
                throw ValidationError(
                    "--answer not-now never reaches the system prompt, whose Precise switch --precise and "
                        + "--approximate set; leave them out."
                )
            }
        }
        if background && geofences == nil {
            throw ValidationError(
                "--background is for --geofences: give the fences, or leave --background out (a track without "
                    + "fences is printed as the app in the foreground receives it)."
            )
        }
        if geofences != nil, svg != nil {
            throw ValidationError(
                "--svg draws the fixes the app received, which --geofences does not print; leave one of them out."
            )
        }
        if let geofences, geofences == source {
            throw ValidationError("--geofences \(geofences) is the track (--source); give the fence file.")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
        if let speed { _ = try Self.parseSpeed(speed) }
        if let loop { _ = try Self.parseLoop(loop) }
        if let date { _ = try Self.parseDate(date) }
        if let source, source.hasPrefix("gpsd://") {
            if speed != nil || loop != nil || strict || points != nil || includeEstimated || date != nil {
                throw ValidationError(
                    "--speed, --loop, --strict, --points, --include-estimated and --date are for track files; "
                        + "gpsd is live."
                )
            }
        }
        if source == "-", let loop, loop != "1" {
            throw ValidationError("standard input can be read once: --loop needs a file.")
        }
        if let source, source != "-", !source.hasPrefix("gpsd://"), let loop, loop != "1",
            InputFile.isReadableOnce(source)
        {
            throw ValidationError(
                "\(source) is a pipe or a device, which can be read once: --loop needs a regular file."
            )
        }
        if let svg { try checkPicturePath(svg) }
    }

    /// Refuses an `--svg` file that is one of the command's inputs: the picture would overwrite the track, the
    /// Info.plist or the consent file.
    private func checkPicturePath(_ svg: String) throws {
        let inputs: [(name: String, path: String?)] = [
            ("the track (--source)", source == "-" || source?.hasPrefix("gpsd://") == true ? nil : source),
            ("the app's Info.plist (--app-info)", appInfo),
            ("the consent file (--consent-file)", consentFile ?? FileConsentStore.defaultFileURL().path),
        ]
        for input in inputs {
            guard let path = input.path, InputFile.isSameFile(svg, path) else { continue }
            throw ValidationError(
                "--svg \(svg) is \(input.name): the picture would overwrite it; give another file, such as walk.svg."
            )
        }
    }

    static func parseDate(_ text: String) throws -> DateComponents {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else {
            throw ValidationError("--date must be a UTC date written YYYY-MM-DD, such as 2024-05-16, not \"\(text)\".")
        }
        return DateComponents(year: year, month: month, day: day)
    }

    static func parseSpeed(_ text: String) throws -> ReplaySource.Speed {
        if text == "max" { return .asFastAsPossible }
        let range = ReplaySource.Speed.slowestMultiplier...ReplaySource.Speed.fastestMultiplier
        guard let factor = Double(text), range.contains(factor) else {
            throw ValidationError(
                "--speed must be a number from \(String(format: "%g", range.lowerBound)) to "
                    + "\(String(format: "%.0f", range.upperBound)) (1 is real time, 0.5 half as fast, 10 ten times "
                    + "as fast) or max, not \"\(text)\"."
            )
        }
        return factor == 1 ? .realTime : .multiplier(factor)
    }

    static func parseLoop(_ text: String) throws -> ReplaySource.Looping {
        if text == "forever" { return .forever }
        guard let count = Int(text), count >= 1 else {
            throw ValidationError("--loop must be a whole number of plays (1 or more) or forever, not \"\(text)\".")
        }
        return count == 1 ? .never : .times(count)
    }

    func run() async throws {
        // The application picks the logger and libraries read it as `Logger.current` (swift-log's practice):
        // the gpsd source logs here, under the label its lines have always had.
        let terminal = Terminal()
        let logger = Logger(label: "whereabouts.gpsd") { _ in TerminalLogHandler(terminal: terminal) }
        try await withLogger(logger) { _ in
            let setup = try await TrackSetup(command: self, terminal: terminal)
            try await TrackSession(setup: setup, command: self, terminal: terminal).run()
        }
    }
}
