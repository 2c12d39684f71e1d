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

            Exit codes: 0 done; 1 the consent file cannot be written; 64 a wrong option; 74 standard output or \
            standard error could not be written.
            """,
        subcommands: [List.self, Set.self, Revoke.self, Reset.self],
        defaultSubcommand: List.self
    )

    struct StoreOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The consent file (default: $XDG_DATA_HOME/whereabouts/consent.json).",
                valueName: "file"
            )
        )
        var consentFile: String?

        func store() -> FileConsentStore {
            let url = consentFile.map { URL(fileURLWithPath: $0) } ?? FileConsentStore.defaultFileURL()
            return FileConsentStore(fileURL: url, onWarning: { Terminal().error("warning: \($0)") })
        }
    }

    /// Runs a write to the store; a failure is printed and exits 1.
    static func write(_ change: () async throws -> Void) async throws {
        do {
            try await change()
        } catch {
            Terminal().error("error: \(error)")
            throw ExitCode.consentUnwritable
        }
    }

    /// `com.example.wayfinder: While Using the App, Precise Location on`: an app's grant in the Settings app's words.
    static func describe(_ grant: Grant, of appID: String) -> String {
        let precise = grant.precise.map { $0 ? "on" : "off" } ?? "app default"
        return "\(appID): \(Status.words(grant.decision)), Precise Location \(precise)"
    }

    /// The Settings app's words for a decision, accepted on the command line.
    enum Status: String, ExpressibleByArgument, CaseIterable {
        case ask, never
        case whileUsing = "while-using"
        case always

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
                    apps[id] = [
                        "decision": grant.decision.rawValue, "precise": grant.precise as Any? ?? NSNull(),
                        "alwaysPromptShown": grant.alwaysPromptShown,
                        "provisionalAlways": grant.provisionalAlways,
                    ]
                }
                let device = await store.deviceSettings()
                terminal.output(
                    FixWriter.json([
                        "file": store.fileURL.path, "apps": apps,
                        "device": ["servicesEnabled": device.servicesEnabled, "restricted": device.restricted],
                    ])
                )
            case .table:
                let device = await store.deviceSettings()
                terminal.output("Consent file: \(store.fileURL.path)")
                terminal.output(
                    "Location Services: \(device.servicesEnabled ? "On" : "Off")"
                        + (device.restricted ? " (restricted by parental controls)" : "")
                )
                guard !grants.isEmpty else {
                    terminal.output("No app has a location decision yet. `whereabouts track` asks the first time.")
                    return
                }
                for id in grants.keys.sorted() {
                    guard let grant = grants[id] else { continue }
                    var line = Consent.describe(grant, of: id)
                    if grant.provisionalAlways { line += " (Always is provisional)" }
                    terminal.output(line)
                }
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an app's location access or Precise Location, or the device's Location Services."
        )

        @OptionGroup var options: StoreOptions

        @Argument(help: "The app's identifier, e.g. com.example.wayfinder (not needed for --services, --restricted).")
        var appID: String?

        @Option(help: "Location access: ask (Ask Next Time), never, while-using, always.")
        var status: Status?

        @Option(help: "Precise Location.")
        var precise: Switch?

        @Option(help: "Location Services for the whole device (off: every app reads denied).")
        var services: Switch?

        @Option(help: "Parental controls for the whole device (on: every app reads restricted).")
        var restricted: Switch?

        func validate() throws {
            if appID != nil && status == nil && precise == nil {
                throw ValidationError("say what to change for the app: --status and/or --precise.")
            }
            if appID == nil && (status != nil || precise != nil) {
                throw ValidationError("--status and --precise are for one app: give its identifier first.")
            }
            if appID == nil && services == nil && restricted == nil {
                throw ValidationError(
                    "say what to change: an app with --status and/or --precise, or the device "
                        + "with --services and/or --restricted."
                )
            }
        }

        func run() async throws {
            let store = options.store()
            if services != nil || restricted != nil {
                var device = await store.deviceSettings()
                if let services { device.servicesEnabled = services.isOn }
                if let restricted { device.restricted = restricted.isOn }
                try await Consent.write { try await store.setDeviceSettings(device) }
                Terminal().output(
                    "Location Services \(device.servicesEnabled ? "on" : "off"), restrictions "
                        + "\(device.restricted ? "on" : "off")."
                )
            }
            guard let appID else { return }
            var grant = await store.grant(for: appID) ?? Grant()
            if let status {
                grant.decision = status.decision
                grant.provisionalAlways = false
            }
            if let precise { grant.precise = precise.isOn }
            try await Consent.write { try await store.setGrant(grant, for: appID) }
            Terminal().output(Consent.describe(grant, of: appID) + ".")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take an app's location access away (Never); a running track stops receiving fixes."
        )

        @OptionGroup var options: StoreOptions

        @Argument(help: "The app's identifier.")
        var appID: String

        func run() async throws {
            let store = options.store()
            var grant = await store.grant(for: appID) ?? Grant()
            grant.decision = .denied
            grant.provisionalAlways = false
            try await Consent.write { try await store.setGrant(grant, for: appID) }
            Terminal().output(
                "\(appID): Never. To allow it again: whereabouts consent set \(appID) --status while-using"
            )
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget an app's decisions (or every app's), as if newly installed: the next run asks again."
        )

        @OptionGroup var options: StoreOptions

        @Argument(help: "The app's identifier; without it, every app is reset.")
        var appID: String?

        func run() async throws {
            let store = options.store()
            if let appID {
                try await Consent.write { try await store.setGrant(nil, for: appID) }
                Terminal().output("\(appID): reset; it will be asked again.")
            } else {
                let count = await store.allGrants().count
                try await Consent.write { try await store.removeAll() }
                Terminal().output("Reset \(count) app\(count == 1 ? "" : "s"); each will be asked again.")
            }
        }
    }
}
