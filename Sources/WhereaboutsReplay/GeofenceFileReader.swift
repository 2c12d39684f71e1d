public import Foundation

/// Reads the fences of a GeoJSON fence file (see ``GeofenceFile``), refusing bad input with its line and column.
///
/// The file is a GeoJSON `FeatureCollection` (RFC 7946), or a single `Feature`. Each feature is one fence:
///
/// - its geometry is a `Point`, the centre, as GeoJSON writes positions: `[longitude, latitude]` (an altitude may
///   follow and is ignored). GeoJSON has no circle; a Point with a radius is the usual way to write one, and the only
///   one read: a `Polygon` or any other geometry is refused;
/// - `properties.radius` is the radius in metres, above 0 and at most 40,000 km;
/// - its identifier is the feature's `id` (a string or a number), else `properties.id`, else `properties.name`;
///   identifiers are required and unique in the file;
/// - `properties.notifyOnEntry` and `properties.notifyOnExit` are `true` (the default) or `false`.
///
/// Other members and properties (a name, a colour, a `bbox`) are left alone. The first problem stops the reading:
/// the ``GeofenceFileError`` names the file, the line and column of the value at fault, what is wrong and what to
/// write instead. No input makes the reader crash; nesting deeper than 256 arrays or objects is refused.
///
/// ```swift
/// let file = try GeofenceFileReader.read(contentsOf: URL(filePath: "fences.geojson"))
/// print(file.fences.count)
/// ```
///
/// In a test, read a string:
///
/// ```swift
/// let json = #"{"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [2.29, 48.85]},"#
///     + #" "properties": {"radius": 100}}"#
/// let file = try GeofenceFileReader.read(data: Data(json.utf8))
/// #expect(file.fences.map(\.id) == ["7"])
/// ```
public enum GeofenceFileReader {
    /// Reads a fence file.
    ///
    /// - Parameter url: The file's URL.
    /// - Returns: The fences, in the order of the file.
    /// - Throws: ``GeofenceFileError`` when the file cannot be read or is not a fence file, with the line and column
    ///   of the problem.
    public static func read(contentsOf url: URL) throws(GeofenceFileError) -> GeofenceFile {
        let path = url.isFileURL ? url.path : url.absoluteString
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .unreadable(path, "is a folder; give a .geojson file of fences")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: url.path)
                ? "cannot be read (\(error.localizedDescription)); check its permissions"
                : "cannot be read: there is no such file; check the path"
            throw .unreadable(path, reason)
        }
        return try read(data: data, name: path)
    }

    /// Reads a fence file held in memory.
    ///
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8.
    ///   - name: The name used in errors.
    /// - Returns: The fences, in the order of the document.
    /// - Throws: ``GeofenceFileError`` when the document is not a fence file, with the line and column of the problem.
    public static func read(data: Data, name: String = "<data>") throws(GeofenceFileError) -> GeofenceFile {
        let root: PositionedJSON
        do throws(PositionedJSONParser.SyntaxError) {
            root = try PositionedJSONParser.parse([UInt8](data))
        } catch {
            throw .notJSON(name, at: error.position, error.message)
        }
        var decoder = GeofenceFeatureDecoder(file: name)
        for feature in try features(of: root, in: name) {
            try decoder.add(feature)
        }
        return GeofenceFile(fences: decoder.fences)
    }

    /// The features of the document: those of a FeatureCollection, or the one Feature it is.
    private static func features(
        of root: PositionedJSON,
        in file: String
    ) throws(GeofenceFileError)
        -> [PositionedJSON]
    {
        guard case .object = root.value else {
            throw .notGeoJSON(file, at: root.position, "the document is \(root.kindDescription), not a GeoJSON object")
        }
        guard let type = root["type"] else {
            throw .notGeoJSON(file, at: root.position, "the document has no \"type\"")
        }
        guard case .string(let name) = type.value else {
            throw .notGeoJSON(file, at: type.position, "the document's type is \(type.kindDescription)")
        }
        switch name {
        case "FeatureCollection":
            guard let features = root["features"] else {
                throw .notGeoJSON(file, at: root.position, "the FeatureCollection has no \"features\"")
            }
            guard case .array(let elements) = features.value else {
                throw .notGeoJSON(
                    file,
                    at: features.position,
                    "the FeatureCollection's \"features\" is \(features.kindDescription), not an array"
                )
            }
            return elements
        case "Feature":
            return [root]
        default:
            throw .notGeoJSON(file, at: type.position, "the document is a GeoJSON \(name), not a FeatureCollection")
        }
    }
}
