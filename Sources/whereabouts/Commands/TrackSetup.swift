import ArgumentParser
import Foundation
import Whereabouts
import WhereaboutsReplay

/// What `track` needs before it starts: the app, the consent store, the person.
struct TrackSetup {
    let declarations: UsageDescriptions
    let appID: String
    let appName: String
    let store: FileConsentStore
    let secret: Coarsener.Secret
    let prompter: any PermissionPrompter
    /// Who answers the app's explanation before the system prompt, or `nil` to show none.
    let explanationAnswerer: ExplanationAnswerer?

    init(command: Track, terminal: Terminal) async throws {
        let infoURL = command.appInfo.map { URL(fileURLWithPath: $0) } ?? ReplaySource.sampleAppInfoURL
        if let path = command.appInfo, let reason = InputFile.unreadableReason(path) {
            terminal.error("error: \(path) \(reason); give --app-info the app's Info.plist.")
            throw ExitCode.trackUnusable
        }
        do {
            declarations = try UsageDescriptions(contentsOf: infoURL)
        } catch {
            terminal.error("error: \(error)")
            throw ExitCode.trackUnusable
        }
        appID = command.appID ?? Self.bundleIdentifier(infoURL) ?? "com.example.app"
        appName = declarations.appName ?? appID
        let fileURL = command.consentFile.map { URL(fileURLWithPath: $0) } ?? FileConsentStore.defaultFileURL()
        store = FileConsentStore(fileURL: fileURL, onWarning: { terminal.error("warning: \($0)") })
        do {
            secret = try await store.installSecret()
        } catch {
            // A consent folder that cannot be written (read-only, full) does not stop the run: the answer and the
            // approximate-location secret hold for this run only, and the person is told so, once, here.
            terminal.error(
                "warning: \(error). This run goes on: its answer is not kept (the next run asks again) and its "
                    + "approximate points differ from other runs'; make the folder writable, or give --consent-file "
                    + "in one that is."
            )
            secret = Coarsener.Secret.random()
        }
        let kept = await store.grant(for: appID) ?? Grant()
        if let answer = command.answer {
            let precise = command.accuracy.map { $0 == .precise } ?? !declarations.defaultAccuracyReduced
            let first: PromptAnswer =
                switch answer {
                case .allowOnce: .allowOnce(precise: precise)
                case .whileUsing: .allowWhileUsing(precise: precise)
                case .deny, .notNow: .dontAllow
                }
            prompter = CommandLinePrompter(
                // "Not Now" never reaches the system prompt; were it shown, it would be declined.
                answer: answer == .notNow ? .dontAllow : first,
                temporaryAnswer: command.temporaryAnswer == .allow ? .allowPrecise : .dontAllowPrecise,
                alwaysAnswer: command.alwaysAnswer == .always ? .changeToAlways : .keepWhileUsing,
                terminal: terminal
            )
            explanationAnswerer = command.noExplanation ? nil : .commandLine(continues: answer != .notNow)
        } else if terminal.inputIsTerminal {
            let person = TerminalPrompter(terminal: terminal)
            prompter = person
            explanationAnswerer = command.noExplanation ? nil : .person(person)
        } else if let due = Self.promptDue(
            command: command,
            kept: kept,
            device: await store.deviceSettings(),
            declarations: declarations
        ) {
            terminal.error(
                """
                \(appName) (\(appID)) \(due), and nobody can answer its prompt: standard input is not a terminal.
                Answer from the command line, e.g. `whereabouts track --answer while-using --approximate`, or decide \
                first with `whereabouts consent set \(appID) --status while-using`.
                """
            )
            throw ExitCode.nobodyToAnswer
        } else {
            prompter = AbsentPerson(terminal: terminal)
            explanationAnswerer = nil
        }
    }

    /// The permission screen `screen` as this app shows it in the terminal.
    func terminalScreen(_ screen: PermissionScreen) -> TerminalScreen {
        let infoDictionary = declarations.whenInUse.map { [UsageDescriptions.whenInUseKey: $0] }
        return TerminalScreen(
            screen: screen,
            appName: appName,
            appID: appID,
            purpose: PermissionText.purpose(infoDictionary: infoDictionary)
        )
    }

    /// The purpose key the "Request Precise Location" hint names: `--purpose-key`, else the first the app declares,
    /// else `nil` (an app with no purpose key cannot ask, so it has no such button).
    func precisePurposeKey(command: Track) -> String? {
        command.purposeKey ?? declarations.temporaryPurposes.keys.sorted().first
    }

    /// Why a prompt would be due on this run, or `nil` when none would: with nobody to answer,
    /// `track` stops (exit 3) rather than deciding for the person — the Always upgrade can be asked
    /// once per install, and a declined prompt would be kept. ``LocationPolicy`` decides, as it does for the
    /// engine: where it shows no prompt (already decided, Location Services off, restricted, a missing key)
    /// the run goes on and says what happened.
    ///
    /// - Parameters:
    ///   - command: The command, for the request and the purpose key.
    ///   - kept: The app's kept grant.
    ///   - device: The device's settings.
    ///   - declarations: The app's Info.plist declarations.
    /// - Returns: What the app would ask, or `nil`.
    static func promptDue(
        command: Track,
        kept: Grant,
        device: DeviceSettings,
        declarations: UsageDescriptions
    ) -> String? {
        var policy = LocationPolicy(declarations: declarations, grant: kept, device: device)
        let decision = command.request == .always ? policy.requestAlways() : policy.requestWhenInUse()
        switch decision.prompt {
        case .whenInUse?: return "has no location decision yet"
        case .alwaysUpgrade?: return "would ask to upgrade to Always (asked once per install)"
        case .temporaryFullAccuracy?, .locationButton?, nil: break
        }
        guard let key = command.purposeKey, policy.requestTemporaryFullAccuracy(purposeKey: key).prompt != nil else {
            return nil
        }
        return "would ask for temporary precise location"
    }

    static func bundleIdentifier(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url), !BinaryPropertyList.containsSet(data),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return nil }
        return plist["CFBundleIdentifier"] as? String
    }
}
