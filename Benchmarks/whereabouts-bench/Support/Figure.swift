import Foundation

/// One measured figure with its baseline from the same run.
struct Figure: Codable, Sendable {
    /// What was measured, e.g. "GPX read, 100 MB".
    var name: String
    /// The unit of `ours` and `baseline`, e.g. "MB/s", "fixes/s", "ms", "km".
    var unit: String
    /// Our figure: the median over repeats.
    var ours: Double
    /// Our figure's spread over repeats (min and max), when repeated.
    var oursSpread: ClosedRange<Double>?
    /// What the baseline is, e.g. "gpsbabel 1.8.0 -o unicsv -F /dev/null".
    var baselineName: String?
    /// The baseline's figure (median over repeats) from the same run.
    var baseline: Double?
    /// The baseline's spread over repeats.
    var baselineSpread: ClosedRange<Double>?
    /// How ours compares: `ours / baseline` when higher is better, `baseline / ours` when lower is better,
    /// so a ratio above 1 always means Whereabouts is better; nil without a baseline.
    var ratio: Double? {
        guard let baseline, baseline != 0, ours != 0 else { return nil }
        return higherIsBetter ? ours / baseline : baseline / ours
    }
    /// Whether a larger figure is better (throughput) or worse (time, latency, memory).
    var higherIsBetter: Bool
    /// The goal, in words, e.g. "≥ 3× gpsbabel".
    var goal: String?
    /// Whether the goal was met; nil when there is no goal.
    var met: Bool?
    /// Anything a reader needs to interpret the figure (how comparable the work is, what was excluded).
    var note: String?

    private enum CodingKeys: String, CodingKey {
        case name, unit, ours, oursSpread, baselineName, baseline, baselineSpread, higherIsBetter, goal, met, note
    }
}

/// Summary statistics over repeated measurements.
struct Samples: Sendable {
    private(set) var values: [Double]

    init(_ values: [Double]) {
        precondition(!values.isEmpty, "at least one sample")
        self.values = values.sorted()
    }

    var median: Double {
        let count = values.count
        return count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2
    }
    var spread: ClosedRange<Double> { values.first!...values.last! }

    /// The value at quantile `q` in 0...1 (nearest rank).
    func quantile(_ q: Double) -> Double {
        let rank = Int((q * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }
}

/// Prints figures for people (a table) or programs (JSON lines).
enum FigureReport {
    static func print(_ figures: [Figure], format: OutputFormat, title: String) {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for figure in figures {
                if let data = try? encoder.encode(figure) { Swift.print(String(decoding: data, as: UTF8.self)) }
            }
        case .text:
            Swift.print("== \(title)")
            for figure in figures { Swift.print(describe(figure)) }
            Swift.print("")
        }
        fflush(nil)
    }

    static func printSummary(_ figures: [Figure], format: OutputFormat) {
        guard format == .text else { return }
        let goals = figures.filter { $0.met != nil }
        let met = goals.filter { $0.met == true }.count
        Swift.print("\(met) of \(goals.count) goals met.")
        for figure in goals where figure.met == false {
            Swift.print("  missed: \(figure.name) (\(figure.goal ?? ""))")
        }
    }

    static func describe(_ figure: Figure) -> String {
        var line = "  \(figure.name): \(number(figure.ours)) \(figure.unit)"
        if let spread = figure.oursSpread { line += " [\(number(spread.lowerBound))–\(number(spread.upperBound))]" }
        if let baseline = figure.baseline {
            line += "  vs \(figure.baselineName ?? "baseline") \(number(baseline)) \(figure.unit)"
            if let spread = figure.baselineSpread {
                line += " [\(number(spread.lowerBound))–\(number(spread.upperBound))]"
            }
        }
        if let ratio = figure.ratio { line += "  ratio \(String(format: "%.2f", ratio))×" }
        if let goal = figure.goal {
            line += "  goal \(goal): " + (figure.met == true ? "met" : "MISSED")
        }
        if let note = figure.note { line += "\n      \(note)" }
        return line
    }

    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e6 { return String(format: "%.2fM", value / 1e6) }
        if magnitude >= 1e4 { return String(format: "%.0f", value) }
        if magnitude >= 100 { return String(format: "%.1f", value) }
        return String(format: "%.3g", value)
    }
}
