import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-backed consent store: round trips, atomic replacement, damage, and other processes.
///
/// Every write `fsync`s the file and its directory. While another process writes large files (scripts/stress.sh),
/// one `fsync` waits for that process's data to reach the disk too: about a second a write was measured there, 292 s
/// for the test that writes 300 grants (3 s on an idle machine). Hence 10 minutes, not 1.
@Suite(.timeLimit(.minutes(10)))
struct FileConsentStoreTests {
    static let demo = "com.example.demo"
    static let other = "com.example.other"

    // MARK: - Keeping grants

    @Test("a grant is read back as it was kept, with the Precise switch unset or set")
    func roundTrip() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            #expect(await store.grant(for: Self.demo) == nil)
            let unset = Grant(decision: .whenInUse)
            try await store.setGrant(unset, for: Self.demo)
            #expect(await store.grant(for: Self.demo) == unset)
            let full = Grant(decision: .always, precise: false, alwaysPromptShown: true, provisionalAlways: true)
            try await store.setGrant(full, for: Self.demo)
            #expect(await store.grant(for: Self.demo) == full)
            #expect(await FileConsentStore(fileURL: file).grant(for: Self.demo) == full)
            #expect(warnings.messages.isEmpty)
        }
    }

    @Test("a temporary file left by a writer killed mid-write is removed by the next write; other stores' stay")
    func leftoverTemporaryFilesAreRemoved() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            let directory = file.deletingLastPathComponent()
            let leftover = directory.appendingPathComponent(".consent.json.4242.9f3a01.tmp")
            let otherStores = directory.appendingPathComponent(".consent.json.bak.4242.9f3a01.tmp")
            let unrelated = directory.appendingPathComponent(".consent.json.notes.tmp")
            for url in [leftover, otherStores, unrelated] { try Data("{\"half".utf8).write(to: url) }
            try await store.setGrant(Grant(decision: .always), for: Self.demo)
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(FileManager.default.fileExists(atPath: otherStores.path))
            #expect(FileManager.default.fileExists(atPath: unrelated.path))
            #expect(await FileConsentStore(fileURL: file).grant(for: Self.demo)?.decision == .always)
            #expect(warnings.messages.isEmpty)
        }
    }

    @Test("grants for two apps are kept apart; removing one keeps the other")
    func twoAppsAndRemoval() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .whenInUse, precise: true), for: Self.demo)
            try await store.setGrant(Grant(decision: .denied), for: Self.other)
            #expect(
                await store.allGrants() == [
                    Self.demo: Grant(decision: .whenInUse, precise: true), Self.other: Grant(decision: .denied),
                ]
            )
            try await store.setGrant(nil, for: Self.demo)
            #expect(await store.grant(for: Self.demo) == nil)
            #expect(await store.allGrants() == [Self.other: Grant(decision: .denied)])
        }
    }

    @Test("removeAll forgets every app and keeps the install secret")
    func removeAll() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            let secret = try await store.installSecret()
            try await store.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            try await store.setGrant(Grant(decision: .always), for: Self.other)
            try await store.removeAll()
            #expect(await store.allGrants().isEmpty)
            #expect(try await store.installSecret() == secret)
        }
    }

    @Test("the install secret is created once and is the same for every store on the file")
    func installSecretIsStable() async throws {
        try await withConsentFile { file, warnings in
            let first = try await FileConsentStore(fileURL: file, onWarning: warnings.record).installSecret()
            let second = try await FileConsentStore(fileURL: file, onWarning: warnings.record).installSecret()
            #expect(first == second)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            #expect(object["installSecret"] as? String == first.hex)
            #expect(object["version"] as? Int == 1)
        }
    }

    @Test("keys this version does not know are kept when the file is rewritten")
    func unknownKeysKept() async throws {
        try await withConsentFile { file, warnings in
            let newer =
                #"{"version": 1, "theme": "dark", "apps": {"com.example.demo": "#
                + #"{"decision": "whenInUse", "reducedUntil": 42}}}"#
            try writeFixture(newer, to: file)
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .denied, precise: false), for: Self.demo)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            #expect(object["theme"] as? String == "dark")
            let entry = try #require((object["apps"] as? [String: Any])?[Self.demo] as? [String: Any])
            #expect(entry["reducedUntil"] as? Int == 42)
            #expect(entry["decision"] as? String == "denied")
            #expect(await store.grant(for: Self.demo) == Grant(decision: .denied, precise: false))
        }
    }

    // MARK: - Permissions and atomicity

    @Test("the directory is created 0700 and the file is 0600 after every write")
    func modes() async throws {
        try await withConsentFile(nested: true) { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            #expect(try permissions(of: file.deletingLastPathComponent()) == 0o700)
            #expect(try permissions(of: file) == 0o600)
            _ = try await store.installSecret()
            #expect(try permissions(of: file) == 0o600)
            try await store.removeAll()
            #expect(try permissions(of: file) == 0o600)
            #expect(warnings.messages.isEmpty)
        }
    }

    @Test("a file with another mode is set to 0600, with a warning")
    func wrongModeFixed() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            #expect(chmod(file.path, 0o644) == 0)
            #expect(await store.grant(for: Self.demo)?.decision == .whenInUse)
            #expect(try permissions(of: file) == 0o600)
            #expect(warnings.messages.count == 1)
            #expect(warnings.messages.first?.contains("0644") == true)
        }
    }

    @Test("a reader never sees a partial file while another task writes 300 grants")
    func atomicReplace() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .notDetermined), for: Self.demo)
            let done = Flag()
            let reader = Task.detached { () -> (reads: Int, bad: Int) in
                var reads = 0
                var bad = 0
                while !done.isSet || reads == 0 {
                    let bytes = try Data(contentsOf: file)
                    reads += 1
                    if (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] == nil { bad += 1 }
                }
                return (reads, bad)
            }
            let decisions = Grant.Decision.allCases
            for index in 0..<300 {
                let grant = Grant(decision: decisions[index % decisions.count], precise: index % 2 == 0)
                try await store.setGrant(grant, for: "com.example.app\(index % 7)")
            }
            done.set()
            let result = try await reader.value
            #expect(result.reads > 0)
            #expect(result.bad == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(Set(names) == ["consent.json", "consent.json.lock"])
            #expect(await store.allGrants().count == 8)
        }
    }

    @Test("a write that cannot be made throws consentStoreFailed naming the file")
    func writeFailureThrows() async throws {
        try await withConsentFile { file, warnings in
            let blocker = file.deletingLastPathComponent()
            try FileManager.default.createDirectory(
                at: blocker.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data("not a directory".utf8).write(to: blocker)
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            let error = try await #require(throws: LocationError.self) {
                try await store.setGrant(Grant(decision: .denied), for: Self.demo)
            }
            #expect(error.code == .consentStoreFailed)
            #expect(error.description.contains(file.path))
            try FileManager.default.removeItem(at: blocker)
        }
    }

    // MARK: - Damage

    static let damaged: [String] = [
        "garbage, not JSON at all",
        #"{"version": 1, "apps": {"com.example.demo": {"decision": "whenIn"#,
        #"[{"decision": "always"}]"#,
        #"{"version": "two", "apps": {"com.example.demo": {"decision": "always"}}}"#,
    ]

    @Test("a damaged file reads as no grant, warns once, is moved aside intact and replaced", arguments: damaged)
    func corruptFile(contents: String) async throws {
        try await withConsentFile { file, warnings in
            let directory = file.deletingLastPathComponent()
            try writeFixture(contents, to: file)
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            #expect(await store.grant(for: Self.demo) == nil)
            #expect(await store.grant(for: Self.demo) == nil)
            #expect(warnings.messages.count == 1)
            let warning = try #require(warnings.messages.first)
            #expect(warning.contains(file.path))
            #expect(warning.contains("moved aside"))
            let firstAside = try asideFiles(in: directory)
            #expect(firstAside.count == 1)
            #expect(try Data(contentsOf: directory.appendingPathComponent(firstAside[0])) == Data(contents.utf8))

            try await store.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) is [String: Any])
            #expect(await store.grant(for: Self.demo)?.decision == .whenInUse)

            try writeFixture("second damage", to: file)
            try await store.setGrant(Grant(decision: .denied), for: Self.demo)
            #expect(warnings.messages.count == 2)
            let asides = try asideFiles(in: directory)
            #expect(asides.count == 2)
            #expect(asides.contains(firstAside[0]))
            #expect(try Data(contentsOf: directory.appendingPathComponent(firstAside[0])) == Data(contents.utf8))
            #expect(await store.grant(for: Self.demo) == Grant(decision: .denied))
        }
    }

    @Test("the warning says what is wrong: where the JSON breaks, or which version")
    func damageIsDescribed() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try writeFixture("{\n  \"version\": 1,\n  x\n}", to: file)
            _ = await store.allGrants()
            try writeFixture(#"{"version": 7, "apps": {}}"#, to: file)
            _ = await store.allGrants()
            #expect(warnings.messages.count == 2)
            #expect(warnings.messages.first?.contains("is not valid JSON at line 3") == true)
            #expect(warnings.messages.last?.contains("has version 7, which this Whereabouts does not know") == true)
        }
    }

    @Test("a file from a newer Whereabouts is left as it is: no grant, a warning, and no write over it")
    func newerVersionIsLeftAlone() async throws {
        try await withConsentFile { file, warnings in
            let contents = #"{"version": 2, "apps": {"com.example.demo": {"decision": "always"}}}"#
            try writeFixture(contents, to: file)
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            #expect(await store.grant(for: Self.demo) == nil)
            #expect(warnings.messages.count == 1)
            #expect(warnings.messages.first?.contains("a newer Whereabouts wrote it") == true)
            await #expect(throws: LocationError.self) { try await store.setGrant(Grant(), for: Self.demo) }
            #expect(try String(contentsOf: file, encoding: .utf8) == contents)
            #expect(try asideFiles(in: file.deletingLastPathComponent()).isEmpty)
        }
    }

    @Test("an entry with an unknown decision is no grant for that app only, and stays in the file")
    func unknownDecision() async throws {
        try await withConsentFile { file, warnings in
            let contents =
                #"{"version": 1, "apps": {"com.example.demo": {"decision": "sometimes"}, "#
                + #""com.example.other": {"decision": "denied"}}}"#
            try writeFixture(contents, to: file)
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            #expect(await store.grant(for: Self.demo) == nil)
            #expect(await store.allGrants() == [Self.other: Grant(decision: .denied)])
            #expect(warnings.messages.count == 1)
            #expect(warnings.messages.first?.contains("\"sometimes\"") == true)
            try await store.setGrant(Grant(decision: .always), for: "com.example.third")
            let apps = try #require(
                (try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])?["apps"]
                    as? [String: Any]
            )
            #expect((apps[Self.demo] as? [String: Any])?["decision"] as? String == "sometimes")
            try await store.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            #expect(await store.grant(for: Self.demo)?.decision == .whenInUse)
            #expect(try asideFiles(in: file.deletingLastPathComponent()).isEmpty)
        }
    }

    @Test("an unreadable file is no grant and a warning", .enabled(if: geteuid() != 0, "root reads any file"))
    func unreadableFile() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await store.setGrant(Grant(decision: .always), for: Self.demo)
            #expect(chmod(file.path, 0) == 0)
            #expect(await store.grant(for: Self.demo) == nil)
            #expect(warnings.messages.count == 1)
            #expect(warnings.messages.first?.contains(file.path) == true)
            for name in try asideFiles(in: file.deletingLastPathComponent()) {
                _ = chmod(file.deletingLastPathComponent().appendingPathComponent(name).path, 0o600)
            }
        }
    }

    // MARK: - Other processes

    @Test("another store's write reaches changes() after one interval on the clock")
    func changesSeeAnotherProcess() async throws {
        try await withConsentFile { file, warnings in
            let watcher = FileConsentStore(fileURL: file, onWarning: warnings.record)
            let settings = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await watcher.setGrant(Grant(decision: .whenInUse), for: Self.demo)
            let clock = TestClock()
            let stream = watcher.changes(every: .milliseconds(250), clock: clock)
            // The consumer reports each change it counts, so the test suspends until it has counted.
            let (counts, counted) = AsyncStream.makeStream(of: Int.self)
            let consumer = Task {
                var seen = 0
                for await _ in stream {
                    seen += 1
                    counted.yield(seen)
                }
                counted.finish()
            }
            var seen = counts.makeAsyncIterator()

            try await settings.setGrant(Grant(decision: .denied), for: Self.demo)
            #expect(await clock.untilSleeping(), "the poller waits on the clock")
            await clock.advance(by: .milliseconds(250))
            #expect(await seen.next() == 1)

            #expect(await clock.untilSleeping(), "the poller waits again")
            await clock.advance(by: .milliseconds(250))  // nothing changed
            #expect(await clock.untilSleeping(), "the poller looked and waits again")

            try await settings.setGrant(nil, for: Self.demo)
            await clock.advance(by: .milliseconds(250))
            #expect(await seen.next() == 2, "one change each, none for the quiet interval")

            consumer.cancel()
            await consumer.value
            #expect(await seen.next() == nil, "no change counted after the last")
            #expect(await clock.untilIdle(), "the poller ended")
        }
    }

    @Test("a revoke by another store reaches the engine on reloadGrant")
    func engineReloadsGrant() async throws {
        try await withConsentFile { file, warnings in
            let store = FileConsentStore(fileURL: file, onWarning: warnings.record)
            let settings = FileConsentStore(fileURL: file, onWarning: warnings.record)
            try await settings.setGrant(Grant(decision: .whenInUse, precise: true), for: Self.demo)
            let engine = await SimulatedOS(
                appID: Self.demo,
                declarations: .complete,
                prompter: ScriptedPerson([]),
                consentStore: store,
                coarsener: Coarsener(secret: try await store.installSecret()),
                clock: TestClock()
            )
            #expect(await engine.authorization().status == .authorizedWhenInUse)
            try await settings.setGrant(Grant(decision: .denied), for: Self.demo)
            await engine.reloadGrant()
            #expect(await engine.authorization().status == .denied)
            #expect(warnings.messages.isEmpty)
        }
    }

    // MARK: - Where the file lives

    @Test("the default file is under XDG_DATA_HOME when absolute, else ~/.local/share")
    func defaultFileURL() {
        let xdg = FileConsentStore.defaultFileURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"])
        #expect(xdg.path == "/data/whereabouts/consent.json")
        let home = FileConsentStore.defaultFileURL(environment: ["HOME": "/home/ana"])
        #expect(home.path == "/home/ana/.local/share/whereabouts/consent.json")
        let relative = FileConsentStore.defaultFileURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ana"])
        #expect(relative.path == "/home/ana/.local/share/whereabouts/consent.json")
        let empty = FileConsentStore.defaultFileURL(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ana"])
        #expect(empty.path == "/home/ana/.local/share/whereabouts/consent.json")
    }
}

// MARK: - Helpers

/// Runs `body` with a consent file in a new temporary directory, and removes the directory.
private func withConsentFile(
    nested: Bool = false,
    _ body: (URL, Warnings) async throws -> Void
) async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("whereabouts-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let directory = nested ? root.appendingPathComponent("data/whereabouts") : root.appendingPathComponent("store")
    try await body(directory.appendingPathComponent("consent.json"), Warnings())
}

/// Writes a consent file as the store would: directory created, mode 0600.
private func writeFixture(_ contents: String, to file: URL) throws {
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
    #expect(chmod(file.path, 0o600) == 0)
}

private func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int) & 0o777
}

private func asideFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix("consent.json.corrupt-") }
        .sorted()
}

/// The warnings a store gave.
private final class Warnings: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    var messages: [String] { lock.withLock { stored } }

    var record: @Sendable (String) -> Void {
        { [self] message in lock.withLock { stored.append(message) } }
    }
}

/// A count shared between tasks.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

/// A flag one task sets and another reads.
private final class Flag: @unchecked Sendable {
    // @unchecked: `raised` is only touched under `lock`.
    private let lock = NSLock()
    private var raised = false

    var isSet: Bool { lock.withLock { raised } }

    func set() { lock.withLock { raised = true } }
}
