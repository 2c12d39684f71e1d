import Logging

/// The CLI's log handler: each message as one line on standard error through ``Terminal``, so what a library logs
/// (a line gpsd sent, a reason) reaches the terminal with its control characters made visible, and a failed write
/// is reported by the exit status instead of trapping.
///
/// A line reads `warning: gpsd sent an error (message: …)`.
struct TerminalLogHandler: LogHandler {
    let terminal: Terminal
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let details = all.keys.sorted().map { "\($0): \(all[$0].map { "\($0)" } ?? "")" }.joined(separator: ", ")
        terminal.error("\(event.level): \(event.message)" + (details.isEmpty ? "" : " (\(details))"))
    }
}
