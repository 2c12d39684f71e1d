import ArgumentParser
import Foundation
import Whereabouts
import WhereaboutsReplay

/// `track --geofences`: the track against a fence set, printing what the app hears.
extension TrackSession {
    /// The fences of `--geofences`, or `nil` without it; a file that cannot be used ends the command (exit 1) with
    /// the error, which names the file, line and column, and what to write.
    func readFences() throws -> [Geofence]? {
        guard let path = command.geofences else { return nil }
        if let reason = InputFile.unreadableReason(path) {
            terminal.error("error: \(path) \(reason); give --geofences a GeoJSON file of fences.")
            throw ExitCode.trackUnusable
        }
        do {
            let file = try GeofenceFileReader.read(contentsOf: URL(fileURLWithPath: path))
            let fences = file.fences
            if fences.isEmpty {
                terminal.error(
                    "error: \(path) holds no fence; add Point features with a \"radius\" property in metres."
                )
                throw ExitCode.trackUnusable
            }
            return fences
        } catch let error as GeofenceFileError {
            terminal.error("error: \(error)")
            throw ExitCode.trackUnusable
        }
    }

    /// Runs the geofence monitor over the replay and prints its events until the track ends.
    ///
    /// In the foreground the app also runs live updates (its screen shows the person), so under approximate location
    /// the monitor evaluates the approximate fixes; in the background (`--background`) it hears only what the system
    /// delivers there: condition events and the fixes it asks for with Always, nothing with When In Use.
    func watch(
        _ fences: [Geofence],
        client: LocationClient,
        engine: SimulatedOS,
        gate: FenceGate,
        tally: TrackTally
    ) async throws {
        let byID = Dictionary(fences.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let monitor = GeofenceMonitor(client: client, fences: fences, monitorName: "whereabouts.track")
        // The app shows the person on its screen while in use (so under approximate location the monitor has
        // fixes to evaluate); in the background those updates stop, as iOS stops them without background updates.
        await client.startUpdatingLocation()
        if command.background { await engine.handle(.background) }
        do {
            try await monitor.start()
        } catch {
            gate.attach(nil)
            terminal.error("error: \(error)")
            throw ExitCode.trackUnusable
        }
        gate.attach(monitor, engine: engine)
        var writer = GeofenceEventWriter(format: command.format, terminal: terminal)
        writer.begin()
        let limit = command.limit
        let printer = Task { [writer] in
            var writer = writer
            for await event in monitor.events {
                writer.write(event, fence: byID[event.fenceID])
                if let limit, writer.count >= limit {
                    // --limit events: the run ends here, as it ends after --limit fixes.
                    gate.trackEnded(nil)
                    break
                }
            }
            return writer
        }
        let ended: Result<Void, any Error>
        do {
            try await withTaskCancellationHandler {
                try await gate.waitForEnd()
            } onCancel: {
                gate.trackEnded(CancellationError())
            }
            ended = .success(())
        } catch {
            ended = .failure(error)
        }
        await gate.settle()
        // The fences are the app's: the conditions that held them leave the consent file with the run.
        await monitor.stop(removingConditions: true)
        writer = await printer.value
        writer.end()
        let counted = tally.counts
        terminal.error(
            "Read \(counted.read) fix\(counted.read == 1 ? "" : "es"); the app heard \(writer.count) geofence "
                + "event\(writer.count == 1 ? "" : "s") for \(fences.count) fence\(fences.count == 1 ? "" : "s")"
                + (command.background ? " in the background." : ".")
        )
        if case .failure(let error) = ended, !(error is CancellationError) { throw error }
    }
}
