/// Why a fence file was refused: the file, the line and column of the value at fault, what is wrong and what to do.
///
/// A struct over a private enum, so problems can be added without breaking code that matches on ``code``.
/// Its description reads as compilers print positions:
///
/// ```swift
/// do {
///     _ = try GeofenceFileReader.read(contentsOf: URL(filePath: "fences.geojson"))
/// } catch {
///     print(error)
///     // fences.geojson:14:23: fence 2 ("depot"): the radius is -50; give a radius above 0 m and at most 40,000 km
/// }
/// ```
public struct GeofenceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Problem: Hashable, Sendable {
        case unreadable(reason: String)
        case notJSON(detail: String)
        case notGeoJSON(detail: String)
        case notAFeature(fence: String, detail: String)
        case unsupportedGeometry(fence: String, type: String)
        case badCoordinates(fence: String, detail: String)
        case badRadius(fence: String, detail: String)
        case badIdentifier(fence: String, detail: String)
        case duplicateIdentifier(fence: String, id: String, firstLine: Int)
        case badFlag(fence: String, detail: String)
    }

    /// The file's path, or the name given to the reader.
    public let file: String
    /// The 1-based line of the value at fault; 0 when the file could not be read at all.
    public let line: Int
    /// The 1-based column (in characters) of the value at fault, when there is a line.
    public let column: Int?
    private let problem: Problem

    private init(file: String, at position: JSONPosition?, _ problem: Problem) {
        self.file = file
        line = position?.line ?? 0
        column = position?.column
        self.problem = problem
    }

    /// A stable identifier of the kind of problem, for matching.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier, e.g. `"duplicateIdentifier"`.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The identifier itself.
        public var description: String { rawValue }

        /// The file could not be opened or read.
        public static let unreadable = Code("unreadable")
        /// The file is not JSON.
        public static let notJSON = Code("notJSON")
        /// The file is JSON but neither a GeoJSON `FeatureCollection` nor a `Feature`.
        public static let notGeoJSON = Code("notGeoJSON")
        /// An element of `features` is not a GeoJSON `Feature`.
        public static let notAFeature = Code("notAFeature")
        /// A fence's geometry is not a `Point` (a `Polygon`, a `LineString`, none).
        public static let unsupportedGeometry = Code("unsupportedGeometry")
        /// A `Point`'s coordinates are missing, not numbers, or out of range.
        public static let badCoordinates = Code("badCoordinates")
        /// A fence's radius is missing, not a number, not above 0, or larger than the Earth.
        public static let badRadius = Code("badRadius")
        /// A fence has no identifier, or one that is not a non-empty string or a number.
        public static let badIdentifier = Code("badIdentifier")
        /// Two fences have the same identifier.
        public static let duplicateIdentifier = Code("duplicateIdentifier")
        /// `notifyOnEntry` or `notifyOnExit` is not `true` or `false`.
        public static let badFlag = Code("badFlag")
    }

    /// The kind of problem.
    public var code: Code {
        switch problem {
        case .unreadable: .unreadable
        case .notJSON: .notJSON
        case .notGeoJSON: .notGeoJSON
        case .notAFeature: .notAFeature
        case .unsupportedGeometry: .unsupportedGeometry
        case .badCoordinates: .badCoordinates
        case .badRadius: .badRadius
        case .badIdentifier: .badIdentifier
        case .duplicateIdentifier: .duplicateIdentifier
        case .badFlag: .badFlag
        }
    }

    /// What is wrong and what to do, without the position.
    public var message: String {
        switch problem {
        case .unreadable(let reason): reason
        case .notJSON(let detail): "is not valid JSON: \(detail)"
        case .notGeoJSON(let detail):
            "\(detail); a fence file is a GeoJSON FeatureCollection of Point features, each with a radius in "
                + "metres, e.g. {\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"id\": "
                + "\"home\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [13.405, 52.52]}, "
                + "\"properties\": {\"radius\": 150}}]}"
        case .notAFeature(let fence, let detail): "\(fence): \(detail)"
        case .unsupportedGeometry(let fence, let type):
            "\(fence): \(type); Whereabouts monitors circles: give a Point at the centre with properties.radius "
                + "in metres"
        case .badCoordinates(let fence, let detail): "\(fence): \(detail)"
        case .badRadius(let fence, let detail): "\(fence): \(detail)"
        case .badIdentifier(let fence, let detail): "\(fence): \(detail)"
        case .duplicateIdentifier(let fence, let id, let firstLine):
            "\(fence): the identifier \"\(id)\" is already the identifier of the fence at line \(firstLine); "
                + "give each fence its own"
        case .badFlag(let fence, let detail): "\(fence): \(detail)"
        }
    }

    /// `"fences.geojson:14:23: fence 2 (\"depot\"): …"`, as compilers print positions.
    public var description: String {
        var position = file
        if line > 0 { position += ":\(line)" }
        if let column, line > 0 { position += ":\(column)" }
        return "\(position): \(message)"
    }
}

extension GeofenceFileError {
    static func unreadable(_ file: String, _ reason: String) -> Self {
        Self(file: file, at: nil, .unreadable(reason: reason))
    }

    static func notJSON(_ file: String, at position: JSONPosition, _ detail: String) -> Self {
        Self(file: file, at: position, .notJSON(detail: detail))
    }

    static func notGeoJSON(_ file: String, at position: JSONPosition, _ detail: String) -> Self {
        Self(file: file, at: position, .notGeoJSON(detail: detail))
    }

    static func notAFeature(_ file: String, at position: JSONPosition, fence: String, _ detail: String) -> Self {
        Self(file: file, at: position, .notAFeature(fence: fence, detail: detail))
    }

    static func unsupportedGeometry(_ file: String, at position: JSONPosition, fence: String, _ type: String) -> Self {
        Self(file: file, at: position, .unsupportedGeometry(fence: fence, type: type))
    }

    static func badCoordinates(_ file: String, at position: JSONPosition, fence: String, _ detail: String) -> Self {
        Self(file: file, at: position, .badCoordinates(fence: fence, detail: detail))
    }

    static func badRadius(_ file: String, at position: JSONPosition, fence: String, _ detail: String) -> Self {
        Self(file: file, at: position, .badRadius(fence: fence, detail: detail))
    }

    static func badIdentifier(_ file: String, at position: JSONPosition, fence: String, _ detail: String) -> Self {
        Self(file: file, at: position, .badIdentifier(fence: fence, detail: detail))
    }

    static func duplicateIdentifier(
        _ file: String,
        at position: JSONPosition,
        fence: String,
        id: String,
        firstLine: Int
    ) -> Self {
        Self(file: file, at: position, .duplicateIdentifier(fence: fence, id: id, firstLine: firstLine))
    }

    static func badFlag(_ file: String, at position: JSONPosition, fence: String, _ detail: String) -> Self {
        Self(file: file, at: position, .badFlag(fence: fence, detail: detail))
    }
}
