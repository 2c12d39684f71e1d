public import Whereabouts

/// The fences of a fence file (``Whereabouts/Geofence`` values, as a ``Whereabouts/GeofenceMonitor`` takes them), in the
/// order of the file.
///
/// A fence file is a GeoJSON `FeatureCollection` (RFC 7946) of `Point` features, each the centre of a circle whose
/// radius in metres is the feature's `radius` property. ``GeofenceFileReader`` reads one:
///
/// ```json
/// {"type": "FeatureCollection", "features": [
///   {"type": "Feature", "id": "home",
///    "geometry": {"type": "Point", "coordinates": [13.405, 52.52]},
///    "properties": {"radius": 150, "notifyOnExit": false}}
/// ]}
/// ```
///
/// ```swift
/// let file = try GeofenceFileReader.read(contentsOf: URL(filePath: "fences.geojson"))
/// for fence in file.fences { print(fence.id, fence.center, fence.radius) }
/// ```
public struct GeofenceFile: Hashable, Sendable {
    /// The fences, in the order of the file; their identifiers are unique.
    public var fences: [Geofence]

    /// Creates a fence file's contents.
    ///
    /// - Parameter fences: The fences, with unique identifiers.
    public init(fences: [Geofence]) {
        self.fences = fences
    }
}
