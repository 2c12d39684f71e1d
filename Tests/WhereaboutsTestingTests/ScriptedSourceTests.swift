import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// `ScriptedSource`'s waits: a test suspends until the engine starts or stops listening, with no polling.
@Suite(.timeLimit(.minutes(5)))
struct ScriptedSourceTests {
    /// An engine on a test clock: a one-shot request's time limit never passes while a busy machine runs the test.
    static func engine() async -> SimulatedOS {
        await SimulatedOS(
            appID: "com.example.test",
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: ScriptedPerson(),
            clock: TestClock()
        )
    }

    static let fix = Location(
        coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
        horizontalAccuracy: 5,
        timestamp: Date(timeIntervalSince1970: 1_767_225_600)
    )

    @Test("waitUntilRunning returns once the engine listens, waitUntilStopped once it stops")
    func waitsForTheEngineToStartAndStop() async throws {
        let engine = await Self.engine()
        await engine.changeSettings(status: .authorizedWhenInUse)
        let source = ScriptedSource()
        let client = LocationClient.simulated(os: engine, source: source)
        await source.waitUntilStopped()  // nothing listens yet: at once
        let started = Task {
            await source.waitUntilRunning()
            return source.isRunning
        }
        let request = Task { try await client.requestLocation() }
        #expect(await started.value, "waitUntilRunning returned while nothing listened")
        #expect(await source.send(Self.fix))
        #expect(try await request.value == Self.fix)
        await source.waitUntilStopped()
        #expect(!source.isRunning)
        #expect(source.starts == 1)
    }

    @Test("a wait ends when its task is cancelled")
    func cancellingEndsTheWait() async {
        let source = ScriptedSource()
        let waiter = Task { await source.waitUntilRunning() }
        waiter.cancel()
        await waiter.value
        #expect(!source.isRunning)
    }

    @Test("send returns once the engine has the fix; the app's loop reports when it has handled it")
    func theAppsLoopHandlesTheFix() async throws {
        let engine = await Self.engine()
        await engine.changeSettings(status: .authorizedWhenInUse)
        let source = ScriptedSource()
        let client = LocationClient.simulated(os: engine, source: source)
        // The app's loop, as a model's would run it, reporting each location it handled.
        let (handled, report) = AsyncStream.makeStream(of: Location.self)
        let loop = Task {
            for try await update in await client.liveUpdates() {
                if let location = update.location { report.yield(location) }
            }
        }
        var locations = handled.makeAsyncIterator()
        await source.waitUntilRunning()
        #expect(await source.send(Self.fix))
        #expect(await locations.next() == Self.fix)
        loop.cancel()
        await source.waitUntilStopped()
        #expect(!source.isRunning)
        _ = try? await loop.value
    }
}
