import Foundation
import WhereaboutsReplay

/// Writes a generated app project for the lint benchmark: `App/Info.plist` (a lone-plist app target, whose
/// sources are every Swift file under `App/`) and `fileCount` Swift files under `App/Features/`.
///
/// Files are drawn from a fixed seed, so every run lints the same bytes. Most are ordinary app code (models with
/// string constants, view models with closures and switches, formatting extensions); every 25th uses
/// `CLLocationManager` (when-in-use and temporary full accuracy through a purpose-key enum, background updates,
/// region monitoring), as a location-using app's files do. The Info.plist declares the matching purpose strings.
struct LintProjectGenerator {
    var fileCount: Int
    var seed: UInt64 = 0x5EED_2026

    /// Writes the project into `folder` unless a complete one from the same seed and size is already there.
    ///
    /// - Returns: The total bytes of Swift source.
    /// - Throws: When a file cannot be written.
    @discardableResult
    func write(into folder: URL) throws -> Int {
        let marker = folder.appendingPathComponent(".generated")
        let stamp = "seed \(seed) files \(fileCount) v1"
        if let existing = try? String(contentsOf: marker, encoding: .utf8), existing.hasPrefix(stamp + "\n") {
            return Int(existing.dropFirst(stamp.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        try? FileManager.default.removeItem(at: folder)
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Self.infoPlist.write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        var random = SplitMix64(seed: seed)
        var bytes = 0
        for index in 0..<fileCount {
            let feature = app.appendingPathComponent("Features/Feature\(index / 50)", isDirectory: true)
            if index % 50 == 0 {
                try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true)
            }
            let name = "Item\(index)"
            let text =
                index % 25 == 7 ? Self.locationFile(name, &random) : Self.ordinaryFile(name, &random)
            try text.write(to: feature.appendingPathComponent("\(name).swift"), atomically: false, encoding: .utf8)
            bytes += text.utf8.count
        }
        try (stamp + "\n\(bytes)\n").write(to: marker, atomically: true, encoding: .utf8)
        return bytes
    }

    private static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>org.example.Generated</string>
        \t<key>NSLocationWhenInUseUsageDescription</key>
        \t<string>Generated shows your position on the map and finds places near you.</string>
        \t<key>NSLocationTemporaryUsageDescriptionDictionary</key>
        \t<dict>
        \t\t<key>Navigation</key>
        \t\t<string>Turn-by-turn directions need your exact position.</string>
        \t</dict>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>location</string>
        \t</array>
        </dict>
        </plist>

        """

    private static let words = [
        "order", "basket", "profile", "route", "photo", "review", "ticket", "message", "invoice", "session",
        "playlist", "station", "receipt", "booking", "journey", "comment", "folder", "payment", "device", "course",
    ]

    /// An ordinary app file: a model, a view model and an extension, about 4–8 KB.
    private static func ordinaryFile(_ name: String, _ random: inout SplitMix64) -> String {
        var text = "import Foundation\n\n/// \(name): generated app code.\nstruct \(name)Model: Codable, Hashable {\n"
        let fields = 4 + random.next(8)
        var names: [String] = []
        for field in 0..<fields {
            let word = words[random.next(words.count)] + "\(field)"
            names.append(word)
            let type = ["String", "Int", "Double", "Bool", "[String]", "Date?"][random.next(6)]
            text += "    var \(word): \(type)\n"
        }
        text += "\n    static let title = \"\(words[random.next(words.count)].capitalized) \(name)\"\n"
        text += "    static let identifier = \"org.example.\(name.lowercased())\"\n}\n\n"
        text += "enum \(name)Route: String, CaseIterable {\n"
        for word in names.prefix(4) { text += "    case \(word) = \"\(word)-route\"\n" }
        text += "}\n\n@MainActor\nfinal class \(name)ViewModel {\n    private(set) var items: [\(name)Model] = []\n"
        text += "    private var cache: [String: Int] = [:]\n    var onChange: ((Int) -> Void)?\n\n"
        let functions = 3 + random.next(6)
        for function in 0..<functions {
            let word = words[random.next(words.count)]
            text += """
                    /// Updates the \(word) at `index`.
                    func update\(word.capitalized)\(function)(at index: Int, value: Double) -> String {
                        guard items.indices.contains(index) else { return "missing \\(index)" }
                        var total = value * \(random.next(100) + 1).0
                        for (offset, item) in items.enumerated() where offset % \(random.next(5) + 2) == 0 {
                            total += Double(item.hashValue % 1_000) / 10.0
                            cache["\(word)-\\(offset)", default: 0] += 1
                        }
                        let sorted = items.map { $0.hashValue }.filter { $0 > \(random.next(1000)) }.sorted()
                        switch sorted.count {
                        case 0: onChange?(0)
                        case 1...\(random.next(10) + 2): onChange?(sorted.count)
                        default: onChange?(-1)
                        }
                        return String(format: "%.2f \(word)", total) + (sorted.isEmpty ? "" : " (\\(sorted.count))")
                    }


                """
        }
        text += "}\n\nextension \(name)Model {\n    var summary: String {\n        [\n"
        for word in names { text += "            \"\(word): \\(\(word))\",\n" }
        text += "        ].joined(separator: \", \")\n    }\n}\n"
        return text
    }

    /// A file that uses Core Location the way apps do.
    private static func locationFile(_ name: String, _ random: inout SplitMix64) -> String {
        let service = """
            import CoreLocation

            /// \(name): location code.
            enum \(name)PurposeKey: String {
                case navigation = "Navigation"
            }

            final class \(name)LocationService: NSObject, CLLocationManagerDelegate {
                private let manager = CLLocationManager()
                private var handlers: [(CLLocation) -> Void] = []

                func start() {
                    manager.delegate = self
                    manager.desiredAccuracy = kCLLocationAccuracyBest
                    manager.requestWhenInUseAuthorization()
                    manager.allowsBackgroundLocationUpdates = true
                    manager.startUpdatingLocation()
                }

                func navigate() {
                    manager.requestTemporaryFullAccuracyAuthorization(
                        withPurposeKey: \(name)PurposeKey.navigation.rawValue)
                }

                func watch(_ center: CLLocationCoordinate2D) {
                    let radius = CLLocationDistance(\(random.next(500) + 100))
                    let region = CLCircularRegion(center: center, radius: radius, identifier: "\(name)")
                    manager.startMonitoring(for: region)
                }

                func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                    for location in locations { handlers.forEach { $0(location) } }
                }
            }


            """
        return service + ordinaryFile(name, &random)
    }
}

extension SplitMix64 {
    /// A random integer in `0..<bound`, as the lint project generator draws them.
    fileprivate mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
