// The runnable model behind the stand-in CLMonitor (see StandInDevice.swift), not Apple's API: a stand-in monitor
// opens the device's simulated monitor of its name and forwards to it, in order, what the app asks.
import Synchronization
internal import Whereabouts

/// What a stand-in `CLMonitor` knows at once: its conditions and the last event the app handled for each, in the
/// order they were added.
///
/// `CLMonitor`'s `identifiers` and `record(for:)` answer without waiting, and `add` and `remove` return at once, while
/// the simulated OS's monitor is asked asynchronously: the stand-in answers from this copy, which the calls forwarded
/// to the OS and the events the app reads keep current.
final class StandInMonitorRecords: Sendable {
    private let records: Mutex<[(identifier: String, record: MonitorRecord)]>

    /// Starts from the records the OS's monitor holds.
    init(_ initial: [(identifier: String, record: MonitorRecord)]) {
        records = Mutex(initial)
    }

    /// The identifiers, in the order they were added.
    var identifiers: [String] { records.withLock { $0.map(\.identifier) } }

    /// The record of an identifier.
    func record(for identifier: String) -> MonitorRecord? {
        records.withLock { $0.first { $0.identifier == identifier }?.record }
    }

    /// Keeps the record of an identifier: in its place if the identifier is held, else last.
    func set(_ record: MonitorRecord, for identifier: String) {
        records.withLock { records in
            if let index = records.firstIndex(where: { $0.identifier == identifier }) {
                records[index].record = record
            } else {
                records.append((identifier, record))
            }
        }
    }

    /// Replaces the record of an identifier still held with the OS's (a later `remove` may have forgotten it).
    func refresh(_ record: MonitorRecord, for identifier: String) {
        records.withLock { records in
            guard let index = records.firstIndex(where: { $0.identifier == identifier }) else { return }
            records[index].record = record
        }
    }

    /// Forgets an identifier.
    func remove(_ identifier: String) {
        records.withLock { $0.removeAll { $0.identifier == identifier } }
    }

    /// The app handled an event: it is its condition's last event.
    func handled(_ event: MonitorEvent) {
        records.withLock { records in
            guard let index = records.firstIndex(where: { $0.identifier == event.identifier }) else { return }
            records[index].record.lastEvent = event
        }
    }
}
