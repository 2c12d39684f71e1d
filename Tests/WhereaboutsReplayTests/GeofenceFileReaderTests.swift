import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

/// The fence files under Fixtures/geojson.
enum GeofenceFixture {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "geojson", subdirectory: "Fixtures/geojson"))
    }

    /// The error reading a fixture throws (the test fails if it reads).
    static func error(reading name: String) throws -> GeofenceFileError {
        let url = try url(name)
        let error = try #require(throws: GeofenceFileError.self) { try GeofenceFileReader.read(contentsOf: url) }
        #expect(error.file == url.path)
        return error
    }
}

@Suite(.timeLimit(.minutes(3)))
struct GeofenceFileReaderTests {
    @Test func readsEachFenceWithItsIdentifierCentreRadiusAndFlags() throws {
        let file = try GeofenceFileReader.read(contentsOf: GeofenceFixture.url("fences"))
        #expect(
            file.fences == [
                Geofence(
                    id: "depot-12",
                    center: Coordinate(latitude: 45.5231, longitude: -122.6765),
                    radius: 250
                ),
                // A numeric id keeps its text; an altitude after the latitude is ignored.
                Geofence(
                    id: "7",
                    center: Coordinate(latitude: 45.51, longitude: -122.65),
                    radius: 120,
                    notifyOnEntry: false
                ),
                // properties.id comes before properties.name.
                Geofence(
                    id: "home",
                    center: Coordinate(latitude: 45.55, longitude: -122.7),
                    radius: 100,
                    notifyOnExit: false
                ),
                // properties.name when nothing else names it; a null flag is the default.
                Geofence(
                    id: "Café à Montréal",
                    center: Coordinate(latitude: 45.49, longitude: -122.61),
                    radius: 75.5
                ),
            ]
        )
    }

    @Test func aSingleFeatureIsAFileOfOneFence() throws {
        let json = """
            \u{FEFF}{"type": "Feature", "id": "gate", "properties": {"radius": 40},
             "geometry": {"type": "Point", "coordinates": [2.2945, 48.8584]}}
            """
        let file = try GeofenceFileReader.read(data: Data(json.utf8))
        #expect(file.fences.map(\.id) == ["gate"])
        #expect(file.fences.first?.center == Coordinate(latitude: 48.8584, longitude: 2.2945))
    }

    @Test func anEmptyCollectionHasNoFences() throws {
        let file = try GeofenceFileReader.read(data: Data(#"{"type": "FeatureCollection", "features": []}"#.utf8))
        #expect(file.fences.isEmpty)
    }

    @Test func theWrittenGeoJSONReadsBackToTheSameFences() throws {
        let fences = [
            Geofence(
                id: "quote \" back\\slash\nline\u{1}",
                center: Coordinate(latitude: -33.868_819_999_9, longitude: 151.209_295_123_4),
                radius: 0.5
            ),
            Geofence(
                id: "é",
                center: Coordinate(latitude: 0.000_01, longitude: -179.999_999),
                radius: 40_000_000,
                notifyOnEntry: false,
                notifyOnExit: false
            ),
        ]
        let text = GeofenceFile(fences: fences).geoJSON()
        #expect(try GeofenceFileReader.read(data: Data(text.utf8)).fences == fences)
        #expect(text.split(separator: "\n").count == 4)
    }

    @Test func aFileThatIsMissingSaysSoWithItsPath() throws {
        let url = URL(fileURLWithPath: "/nonexistent-folder/fences.geojson")
        let error = try #require(throws: GeofenceFileError.self) { try GeofenceFileReader.read(contentsOf: url) }
        #expect(error.code == .unreadable && error.line == 0 && error.column == nil)
        #expect(
            error.description
                == "/nonexistent-folder/fences.geojson: cannot be read: there is no such file; check the path"
        )
    }
}
