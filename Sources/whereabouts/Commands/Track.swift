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
            of walking) and the bundled demo app "Wayfinder". The first run shows the app's location prompt \
            in the terminal, as iOS words it, and remembers the answer (see `whereabouts consent`); then every \
            fix the app may receive is printed: precise fixes, or approximate ones (at most 4 an hour of track \
            time) with their radius.

            Exit codes: 0 done (also when the app may not use location: it says why); 1 the track or the \
            Info.plist cannot be used; 3 a prompt is due and nobody can answer it (standard input is not a \
            terminal and no --answer); 64 a wrong option.
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

    @Option(
        help: ArgumentHelp(
            "Replay speed: N times real time, or max (default: max when the output is not a "
                + "terminal; else 10 for the sample, 1 for your file).",
            valueName: "N|max"
        )
    )
    var speed: String?

    @Option(
        help: ArgumentHelp(
            "Play the track N times, or forever (default: 6 for the sample, 1 for your file).",
            valueName: "N|forever"
        )
    )
    var loop: String?

    @Option(help: ArgumentHelp("Stop after N delivered fixes.", valueName: "N"))
    var limit: Int?

    @Option(help: "Answer the location prompt without a terminal.")
    var answer: Answer?

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
        if accuracy != nil && answer == nil {
            throw ValidationError("--precise and --approximate set the Precise switch of --answer; add --answer.")
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
        guard let factor = Double(text), factor > 0, factor <= 1_000_000 else {
            throw ValidationError(
                "--speed must be a number above 0 and at most 1000000 (1 is real time) or max, "
                    + "not \"\(text)\"."
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
        try await withLogger(Logger(label: "whereabouts.gpsd")) { _ in
            let terminal = Terminal()
            let setup = try await TrackSetup(command: self, terminal: terminal)
            try await TrackSession(setup: setup, command: self, terminal: terminal).run()
        }
    }
}
