import ArgumentParser
import Foundation
import Whereabouts
import WhereaboutsGPSD
import WhereaboutsReplay

/// One run of `track`: ask, then stream what the app may see.
struct TrackSession {
    let setup: TrackSetup
    let command: Track
    let terminal: Terminal

    func run() async throws {
        let tally = TrackTally(drawsPicture: command.svg != nil, purposeKey: setup.precisePurposeKey(command: command))
        let fences = try readFences()
        let gate = FenceGate()
        let chosen = try makeSource(tally: tally)
        // With fences, the track waits for the app to hear what each fix caused (see GatedSource).
        let fed: any LocationSource =
            fences == nil
            ? chosen.source
            : GatedSource(base: chosen.source, gate: { await gate.settle() }, ended: { gate.trackEnded($0) })
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
            source: TappedSource(base: fed, tap: tally.sawRaw)
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
            try await terminal.flushingPromptly {
                if let fences {
                    try await watch(fences, client: client, engine: engine, gate: gate, tally: tally)
                } else {
                    try await deliver(client, tally: tally, speed: speedText)
                }
            }
        }
        let interrupt = Interrupt { stream.cancel() }
        defer { interrupt.cancel() }
        // The status line moves while the track is read, not only when the app receives a fix.
        let refresher = Task {
            guard terminal.errorIsTerminal else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                if !Task.isCancelled { terminal.status(tally.statusLine(speed: speedText, width: Terminal.width)) }
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
        // With fences the events are the output, and their count was said when they ended.
        if fences == nil {
            terminal.error(
                "Read \(counts.read) fix\(counts.read == 1 ? "" : "es") from \(origin); \(setup.appName) received "
                    + "\(counts.delivered)\(counts.delivered > 0 ? " (\(kind))" : "")."
            )
        }
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
    ///
    /// Before the system prompt, while the status is not determined, the app's explanation comes first (unless
    /// nobody answers it); "Not Now" ends the run without asking. After a denial, Location Services off or a
    /// restriction, the app's screen for it is printed.
    private func ask(_ client: LocationClient) async throws -> Bool {
        let before = PermissionScreen(authorization: await client.authorization(), isAwaitingAnswer: false)
        if before == .explanation, let answerer = setup.explanationAnswerer {
            guard await answerer.answer(setup.terminalScreen(.explanation), terminal: terminal) else {
                terminal.error(TerminalScreen.notNowOutcome(appName: setup.appName))
                return false
            }
        }
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
            terminal.error(
                "\(setup.appName) may not use location: \(outcome.status) (\(outcome.resolution)). "
                    + "No fixes will be shown."
            )
            // The screen the app shows now: never the way to Settings before the prompt, nor with Location
            // Services off or restricted.
            let after = PermissionScreen(authorization: await client.authorization(), isAwaitingAnswer: false)
            let lines = setup.terminalScreen(after).lines
            if after != .explanation, !lines.isEmpty { terminal.error(lines.joined(separator: "\n")) }
            return false
        }
        terminal.error("\(setup.appName): \(outcome.status), \(accuracy) (\(outcome.resolution)).")
        var reduced = outcome.accuracy == .reducedAccuracy
        if let key = command.purposeKey {
            do {
                let precise = try await client.requestTemporaryFullAccuracy(key)
                terminal.error("Temporary precise location for “\(key)”: \(precise.accuracy) (\(precise.resolution)).")
                reduced = precise.accuracy == .reducedAccuracy
            } catch {
                terminal.error("error: \(error)")
                throw ExitCode.trackUnusable
            }
        }
        // Under approximate location the app shows "Request Precise Location", which asks with a purpose key.
        if reduced, let key = setup.precisePurposeKey(command: command) {
            terminal.error(
                "\(setup.appName) shows [\(PermissionText.requestPrecise.defaultValue)] under approximate location; "
                    + "here: whereabouts track --purpose-key \(key)"
            )
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
            var lastWritten: Location?
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
                    // The app's screen for the new state, as after the request: denied, services off, restricted.
                    let screen = PermissionScreen(authorization: update.authorization, isAwaitingAnswer: false)
                    let lines = setup.terminalScreen(screen).lines
                    if screen != .explanation,
                        screen != PermissionScreen(authorization: previous, isAwaitingAnswer: false),
                        !lines.isEmpty
                    {
                        terminal.error(lines.joined(separator: "\n"))
                    }
                }
                last = update.authorization
                if let location = update.location {
                    let precise = update.authorization.accuracy == .fullAccuracy
                    writer.write(location, precise: precise)
                    lastWritten = location
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
            // The indicator (on the status line and in the picture) is drawn from the last authorization and fix.
            let notes =
                terminal.errorIsTerminal ? final.diagnostics.map(\.rawValue).sorted().joined(separator: ", ") : ""
            tally.sawBatch(authorization: last ?? final.authorization, location: lastWritten, notes: notes)
            // Standard output that cannot be written (closed, full) ends the run: it fails rather than play on.
            if stops || terminal.outputFailure != nil { return }
            // The status line is for a terminal.
            guard terminal.errorIsTerminal else { continue }
            terminal.status(tally.statusLine(speed: speed, width: Terminal.width))
        }
    }
}
