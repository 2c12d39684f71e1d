import ArgumentParser
import Foundation
import Whereabouts

/// `whereabouts consent`: the Settings app for the grants `track` keeps.
struct Consent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "See and change what each app may do with location, as the Settings app does.",
        discussion: """
            Grants live in a JSON file (default: $XDG_DATA_HOME/whereabouts/consent.json, else \
            ~/.local/share/whereabouts/consent.json). A change reaches a running `whereabouts track` within a second.
            """,
        subcommands: [List.self, Set.self, Revoke.self, Reset.self],
        defaultSubcommand: List.self
    )

    struct StoreOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The consent file (default: $XDG_DATA_HOME/whereabouts/consent.json).",
                                   valueName: "file"))
        var consentFile: String?

        func store() -> FileConsentStore {
            let url = consentFile.map { URL(fileURLWithPath: $0) } ?? FileConsentStore.defaultFileURL()
            return FileConsentStore(fileURL: url, onWarning: { Terminal().error("warning: \($0)") })
        }
    }

    /// The Settings app's words for a decision, accepted on the command line.
    enum Status: String, ExpressibleByArgument, CaseIterable {
        case ask, never, whileUsing = "while-using", always

        var decision: Grant.Decision {
            switch self {
            case .ask: .notDetermined
            case .never: .denied
            case .whileUsing: .whenInUse
            case .always: .always
            }
        }

        static func words(_ decision: Grant.Decision) -> String {
            switch decision {
            case .notDetermined: "Ask Next Time"
            case .denied: "Never"
            case .whenInUse: "While Using the App"
            case .always: "Always"
            }
        }
    }

    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
        var isOn: Bool { self == .on }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every app's grant.")

        @OptionGroup var options: StoreOptions

        @Option(help: "Output: table or json.")
        var format: OutputFormat = .table

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case table, json }

        func run() async throws {
            let store = options.store()
            let grants = await store.allGrants()
            let terminal = Terminal()
            switch format {
            case .json:
                var apps: [String: Any] = [:]
                for (id, grant) in grants {
                    apps[id] = ["decision": grant.decision.rawValue, "precise": grant.precise as Any? ?? NSNull(),
                                "alwaysPromptShown": grant.alwaysPromptShown,
                                "provisionalAlways": grant.provisionalAlways]
                }
                terminal.output(FixWriter.json(["file": store.fileURL.path, "apps": apps]))
            case .table:
                terminal.output("Consent file: \(store.fileURL.path)")
                guard !grants.isEmpty else {
                    terminal.output("No app has a location decision yet. `whereabouts track` asks the first time.")
                    return
                }
                for id in grants.keys.sorted() {
                    guard let grant = grants[id] else { continue }
                    let precise = grant.precise.map { $0 ? "on" : "off" } ?? "app default"
                    var line = "\(id): \(Status.words(grant.decision)), Precise Location \(precise)"
                    if grant.provisionalAlways { line += " (Always is provisional)" }
                    terminal.output(line)
                }
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an app's location access or its Precise Location switch.")

        @OptionGroup var options: StoreOptions

        @Argument(help: "The app's identifier, e.g. com.example.wayfinder.")
        var appID: String

        @Option(help: "Location access: ask (Ask Next Time), never, while-using, always.")
        var status: Status?

        @Option(help: "Precise Location.")
        var precise: Switch?

        func validate() throws {
            if status == nil && precise == nil {
                throw ValidationError("say what to change: --status and/or --precise.")
            }
        }

        func run() async throws {
            let store = options.store()
            var grant = await store.grant(for: appID) ?? Grant()
            if let status {
                grant.decision = status.decision
                grant.provisionalAlways = false
            }
            if let precise { grant.precise = precise.isOn }
            do {
                try await store.setGrant(grant, for: appID)
            } catch {
                Terminal().error("error: \(error)")
                throw ExitCode(1)
            }
            let switchText = grant.precise.map { $0 ? "on" : "off" } ?? "app default"
            Terminal().output("\(appID): \(Status.words(grant.decision)), Precise Location \(switchText).")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take an app's location access away (Never); a running track stops receiving fixes.")

        @OptionGroup var options: StoreOptions

        @Argument(help: "The app's identifier.")
        var appID: String

        func run() async throws {
            let store = options.store()
            var grant = await store.grant(for: appID) ?? Grant()
            grant.decision = .denied
            grant.provisionalAlways = false
            do {
                try await store.setGrant(grant, for: appID)
            } catch {
                Terminal().error("error: \(error)")
                throw ExitCode(1)
            }
            Terminal().output("\(appID): Never. To allow it again: whereabouts consent set \(appID) --status while-using")
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget an app's decisions (or every app's), as if newly installed: the next run asks again.")

        @OptionGroup var options: StoreOptions

        @Argument(help: "The app's identifier; without it, every app is reset.")
        var appID: String?

        func run() async throws {
            let store = options.store()
            do {
                if let appID {
                    try await store.setGrant(nil, for: appID)
                    Terminal().output("\(appID): reset; it will be asked again.")
                } else {
                    let count = await store.allGrants().count
                    try await store.removeAll()
                    Terminal().output("Reset \(count) app\(count == 1 ? "" : "s"); each will be asked again.")
                }
            } catch {
                Terminal().error("error: \(error)")
                throw ExitCode(1)
            }
        }
    }
}
