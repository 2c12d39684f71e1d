import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay
import WhereaboutsTestSupport

/// A replay opens and reads its input on a thread of its own: replays waiting on pipes that nothing is written to
/// leave the cooperative pool free for every other task.
@Suite(.timeLimit(.minutes(5)))
struct ReplayReadsOffThePoolTests {
    /// More pipes than the cooperative pool has threads (one per core).
    static let pipeCount = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
    /// One epoch: an RMC sentence with its date, time and position.
    static let epoch =
        NMEATestSupport.sentence("GPRMC,120000.00,A,4851.0000,N,00221.0000,E,0.5,45.0,010625,,,A") + "\r\n"

    @Test(arguments: [ReplaySource.Speed.asFastAsPossible, .realTime])
    func replaysWaitingOnPipesLeaveThePoolFree(speed: ReplaySource.Speed) async throws {
        // Released at the deadline if the test cannot get a thread to release them: a starved pool then fails the
        // test instead of hanging it. The deadline is long, so that other tests keeping both pool threads busy for a
        // while (the whole suite runs at once, on two cores) do not fail this one.
        let pipes = try HeldPipes(count: Self.pipeCount, content: Data(Self.epoch.utf8), deadline: .seconds(240))
        defer { pipes.remove() }
        let replays = pipes.urls.map { url in
            Task {
                var fixes = 0
                let source = ReplaySource(.file(url), format: .nmea, speed: speed)
                for try await batch in source.eventBatches() {
                    fixes += batch.count { if case .location = $0 { true } else { false } }
                }
                return fixes
            }
        }
        // Every replay has opened its pipe (its writer's open returned): each now waits in read(2).
        try await pipes.waitUntilOpened()
        let ranFirst = await Task.detached { !pipes.isReleased }.value
        pipes.release()
        #expect(ranFirst, "a task on the cooperative pool ran only after the pipes were written")
        for replay in replays {
            #expect(try await replay.value == 1)
        }
    }

    @Test func eventsAtFullSpeedHandsOutEveryEventOfEveryBatch() async throws {
        var text = ""
        for second in 0..<700 {
            let time = String(format: "12%02d%02d.00", second / 60, second % 60)
            text += NMEATestSupport.sentence("GPRMC,\(time),A,4851.0000,N,00221.0000,E,0.5,45.0,010625,,,A") + "\r\n"
        }
        let source = ReplaySource(.data(Data(text.utf8), name: "walk.nmea"), format: .nmea, speed: .asFastAsPossible)
        var times: [Date] = []
        for try await event in source.events() {
            if case .location(let fix) = event { times.append(fix.timestamp) }
        }
        // 700 fixes: more than two batches of 256, handed out one at a time and in order.
        #expect(times.count == 700)
        #expect(times == times.sorted() && Set(times).count == 700)
    }
}
