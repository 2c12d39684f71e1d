import ArgumentParser
import Foundation
import Whereabouts
import WhereaboutsGPSD
import WhereaboutsReplay

/// What `track` needs before it starts: the app, the consent store, the person.
struct TrackSetup {
    let declarations: UsageDescriptions
    let appID: String
    let appName: String
    let store: FileConsentStore
    let secret: Coarsener.Secret
    let prompter: any PermissionPrompter

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
                case .deny: .dontAllow
                }
            prompter = CommandLinePrompter(
                answer: first,
                temporaryAnswer: command.temporaryAnswer == .allow ? .allowPrecise : .dontAllowPrecise,
                alwaysAnswer: command.alwaysAnswer == .always ? .changeToAlways : .keepWhileUsing,
                terminal: terminal
            )
        } else if terminal.inputIsTerminal {
            prompter = TerminalPrompter(terminal: terminal)
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
        }
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

/// One run of `track`: ask, then stream what the app may see.
struct TrackSession {
    let setup: TrackSetup
    let command: Track
    let terminal: Terminal

    func run() async throws {
        let tally = TrackTally(drawsPicture: command.svg != nil)
        let chosen = try makeSource(tally: tally)
        let engine = await SimulatedOS(
            appID: setup.appID,
            declarations: setup.declarations,
            prompter: setup.prompter,
            consentStore: setup.store,
            device: await setup.store.deviceSettings(),
            coarsener: Coarsener(secret: setup.secret)
        )
        let client = LocationClient.simulated(
            os: engine,
            source: TappedSource(base: chosen.source, tap: tally.sawRaw)
        )
        // `track` shows every fix the app may receive: a recorded track that stops for two minutes must not end
        // there, so updates never pause here (iOS's default pausing is the engine's, for apps and scenarios).
        try? await client.set(pausesLocationUpdatesAutomatically: false)
        guard try await ask(client) else {
            await engine.flush()
            return
        }
        let store = setup.store
        let watcher = Task {
            for await _ in store.changes() {
                let device = await store.deviceSettings()
                await engine.changeSettings(servicesEnabled: device.servicesEnabled, restricted: device.restricted)
                await engine.reloadGrant()
            }
        }
        defer { watcher.cancel() }
        let speedText = chosen.pace
        let terminal = terminal
        let stream = Task {
            try await terminal.flushingPromptly { try await deliver(client, tally: tally, speed: speedText) }
        }
        let interrupt = Interrupt { stream.cancel() }
        defer { interrupt.cancel() }
        // The status line moves while the track is read, not only when the app receives a fix.
        let refresher = Task {
            guard terminal.errorIsTerminal else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                if !Task.isCancelled { terminal.status(tally.statusLine(speed: speedText)) }
            }
        }
        let result = await stream.result
        refresher.cancel()
        _ = await refresher.result
        await engine.flush()
        terminal.clearStatus()
        let counts = tally.counts
        let kind =
            counts.precise == counts.delivered
            ? "precise"
            : counts.precise == 0
                ? "approximate"
                : "\(counts.precise) precise"
        let origin = chosen.name
        terminal.error(
            "Read \(counts.read) fix\(counts.read == 1 ? "" : "es") from \(origin); \(setup.appName) received "
                + "\(counts.delivered)\(counts.delivered > 0 ? " (\(kind))" : "")."
        )
        // gpsd cannot be held back: when the output was slower than gpsd, the newest fixes won.
        if let dropped = (chosen.source as? GPSDSource)?.statistics.droppedLocations, dropped > 0 {
            terminal.error(
                "Dropped \(dropped) older fix\(dropped == 1 ? "" : "es") from \(origin): the output was slower."
            )
        }
        let malformed = tally.malformed
        if malformed > TrackTally.shownWarnings {
            terminal.error(
                "warning: \(malformed) malformed records were skipped in all; the first \(TrackTally.shownWarnings) "
                    + "are shown above (--strict stops at the first)."
            )
        }
        if let path = command.svg {
            let picture = tally.svg(title: "\(setup.appName): the true track and what the app received")
            if let failure = PictureFile.write(picture, to: path) {
                terminal.error(
                    "error: cannot write \(path) (\(failure)); give --svg a file in a folder you can write to."
                )
                throw ExitCode.trackUnusable
            }
            terminal.error("Wrote \(path): open it in a browser.")
        }
        if let failure = terminal.outputFailure {
            terminal.error("error: \(failure); the fixes after the last one written were not written.")
            throw ExitCode.outputFailed
        }
        if case .failure(let error) = result, !(error is CancellationError) {
            terminal.error("error: \(error)")
            if error is ReplayIssue, !command.strict {
                terminal.error("The track cannot be read; check the file, or give another with --source.")
            }
            throw ExitCode.trackUnusable
        }
        if counts.read == 0, malformed > 0 {
            terminal.error(
                "error: \(origin) has no readable fix: all \(malformed) of its records were malformed (see the "
                    + "warnings above); check that it is the track you meant, or give another with --source."
            )
            throw ExitCode.trackUnusable
        }
    }

    /// The source `--source` names: gpsd, a file, standard input, or the bundled sample; with its
    /// pace and its name for messages.
    private func makeSource(tally: TrackTally) throws -> (source: any LocationSource, pace: String, name: String) {
        if let text = command.source, text.hasPrefix("gpsd://") {
            do {
                return (try GPSDSource(url: text), "live", text)
            } catch {
                terminal.error("error: \(error)")
                throw ExitCode.usage
            }
        }
        let replay = try makeReplay(tally: tally)
        do {
            try replay.check()
        } catch {
            terminal.error("error: \(error)")
            terminal.error("The track cannot be read; check the file, or give another with --source.")
            throw ExitCode.trackUnusable
        }
        return (replay, replay.speed.description, command.source == nil ? "the bundled sample walk" : replay.input.name)
    }

    private func makeReplay(tally: TrackTally) throws -> ReplaySource {
        let isSample = command.source == nil
        let input: ReplaySource.Input =
            switch command.source {
            case nil: .file(ReplaySource.sampleTrackURL)
            case "-": .standardInput
            case let path?: .file(URL(fileURLWithPath: path))
            }
        let speed: ReplaySource.Speed =
            try command.speed.map(Track.parseSpeed)
            ?? (!terminal.outputIsTerminal ? .asFastAsPossible : isSample ? .multiplier(10) : .realTime)
        let looping = try command.loop.map(Track.parseLoop) ?? (isSample ? .times(6) : .never)
        let terminal = terminal
        return ReplaySource(
            input,
            points: command.points?.points ?? .automatic,
            speed: speed,
            looping: looping,
            strict: command.strict,
            includeEstimated: command.includeEstimated,
            defaultDate: try command.date.map(Track.parseDate),
            onIssue: { issue in
                switch issue.severity {
                case .malformed:
                    // A damaged log can hold a malformed record a line: the first few say what is wrong, the
                    // summary counts the rest.
                    let count = tally.sawMalformed()
                    if count <= TrackTally.shownWarnings {
                        terminal.error("warning: \(issue) (skipped; --strict makes this fatal)")
                    } else if count == TrackTally.shownWarnings + 1 {
                        terminal.error("warning: more malformed records follow; they are counted at the end.")
                    }
                case .skipped: terminal.error("note: \(issue)")
                }
            }
        )
    }

    /// Asks for authorization (and temporary precise access); returns whether fixes may flow.
    private func ask(_ client: LocationClient) async throws -> Bool {
        let outcome: AuthorizationOutcome
        do {
            outcome =
                command.request == .always
                ? try await client.requestAlwaysAuthorization()
                : try await client.requestWhenInUseAuthorization()
        } catch {
            terminal.error("error: \(error)")
            throw ExitCode.trackUnusable
        }
        let accuracy = outcome.accuracy == .fullAccuracy ? "precise" : "approximate"
        guard outcome.status.isAuthorized else {
            let fix: String =
                switch outcome.resolution {
                case .ignored(.servicesDisabled): "turn Location Services on: `whereabouts consent set --services on`"
                case .ignored(.restricted): "lift the restriction: `whereabouts consent set --restricted off`"
                default: "allow it: `whereabouts consent set \(setup.appID) --status while-using`"
                }
            terminal.error(
                "\(setup.appName) may not use location: \(outcome.status) (\(outcome.resolution)). "
                    + "No fixes will be shown. To change that, \(fix)."
            )
            return false
        }
        terminal.error("\(setup.appName): \(outcome.status), \(accuracy) (\(outcome.resolution)).")
        if let key = command.purposeKey {
            do {
                let precise = try await client.requestTemporaryFullAccuracy(key)
                terminal.error("Temporary precise location for “\(key)”: \(precise.accuracy) (\(precise.resolution)).")
            } catch {
                terminal.error("error: \(error)")
                throw ExitCode.trackUnusable
            }
        }
        return true
    }

    private func deliver(_ client: LocationClient, tally: TrackTally, speed: String) async throws {
        var writer = FixWriter(format: command.format, terminal: terminal)
        writer.begin()
        defer { writer.end() }
        var last: Authorization?
        var delivered = tally.counts.delivered
        // The engine holds at most a bounded number of updates for this loop and hands over all it holds at once;
        // a revoke or Precise off drops the fixes it held, so the change is the next thing read.
        for try await batch in await client.liveUpdateBatches() {
            guard let final = batch.last else { continue }
            // The tally is told once per batch: the fixes written, how many precise, and the fixes themselves
            // only when it draws a picture.
            var count = 0
            var preciseCount = 0
            var received: [(location: Location, precise: Bool)] = []
            var stops = false
            for update in batch {
                // Ctrl-C cancels this task: stop now rather than after printing the batch.
                if Task.isCancelled {
                    stops = true
                    break
                }
                if let previous = last, previous != update.authorization {
                    terminal.error(
                        "Settings changed: \(update.authorization)"
                            + (update.authorization.status.isAuthorized
                                ? "." : " — no more fixes unless it is allowed again.")
                    )
                }
                last = update.authorization
                if let location = update.location {
                    let precise = update.authorization.accuracy == .fullAccuracy
                    writer.write(location, precise: precise)
                    count += 1
                    if precise { preciseCount += 1 }
                    if tally.drawsPicture { received.append((location, precise)) }
                    if let limit = command.limit, delivered + count >= limit {
                        stops = true
                        break
                    }
                }
            }
            tally.delivered(count: count, preciseCount: preciseCount, locations: received)
            delivered += count
            // Standard output that cannot be written (closed, full) ends the run: it fails rather than play on.
            if stops || terminal.outputFailure != nil { return }
            // The status line is for a terminal: nothing to build when standard error is not one.
            guard terminal.errorIsTerminal else { continue }
            let notes = final.diagnostics.map(\.rawValue).sorted().joined(separator: ", ")
            tally.sawBatch(authorization: final.authorization, notes: notes)
            terminal.status(tally.statusLine(speed: speed))
        }
    }
}
