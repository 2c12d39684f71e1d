import Foundation
import Testing
import WhereaboutsReplay

/// A refused document: the error's line, column, code and message, without the file.
struct GeofenceErrorAt: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int?
    var code: GeofenceFileError.Code
    var message: String

    init(_ line: Int, _ column: Int?, _ code: GeofenceFileError.Code, _ message: String) {
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    init(_ error: GeofenceFileError) {
        self.init(error.line, error.column, error.code, error.message)
    }

    var description: String { "\(line):\(column.map(String.init) ?? "-"): [\(code)] \(message)" }
}

@Suite(.timeLimit(.minutes(3)))
struct GeofenceFileReaderMalformedTests {
    @Test func aPolygonFenceIsRefusedWithItsLineAndColumn() throws {
        let error = try GeofenceFixture.error(reading: "polygon")
        #expect(
            GeofenceErrorAt(error)
                == GeofenceErrorAt(
                    4,
                    16,
                    .unsupportedGeometry,
                    #"fence 2 ("park"): a Polygon; Whereabouts monitors circles: give a Point at the centre with "#
                        + "properties.radius in metres"
                )
        )
        #expect(error.description.hasSuffix("polygon.geojson:4:16: " + error.message))
    }

    @Test func aTrailingCommaIsNotJSONAtItsLineAndColumn() throws {
        let error = try GeofenceFixture.error(reading: "not-json")
        #expect(
            GeofenceErrorAt(error)
                == GeofenceErrorAt(
                    3,
                    1,
                    .notJSON,
                    "is not valid JSON: a comma before a closing bracket is not allowed in JSON; remove it"
                )
        )
    }

    @Test func aDuplicateIdentifierNamesTheLineOfTheFirst() throws {
        let error = try GeofenceFixture.error(reading: "duplicate-ids")
        #expect(
            GeofenceErrorAt(error)
                == GeofenceErrorAt(
                    4,
                    44,
                    .duplicateIdentifier,
                    #"fence 3 ("gate"): the identifier "gate" is already the identifier of the fence at line 2; "#
                        + "give each fence its own"
                )
        )
    }

    @Test func aLatitudeOutOfRangeSaysGeoJSONPutsTheLongitudeFirst() throws {
        let error = try GeofenceFixture.error(reading: "swapped-coordinates")
        #expect(
            GeofenceErrorAt(error)
                == GeofenceErrorAt(
                    2,
                    57,
                    .badCoordinates,
                    #"fence 1 ("office"): the latitude -122.6765 is out of range (−90…90); GeoJSON puts the "#
                        + "longitude first: [longitude, latitude]"
                )
        )
    }

    @Test func aNegativeRadiusIsRefusedAtItsValue() throws {
        let error = try GeofenceFixture.error(reading: "bad-radius")
        #expect(
            GeofenceErrorAt(error)
                == GeofenceErrorAt(
                    4,
                    29,
                    .badRadius,
                    #"fence 2 ("depot"): the radius is -50; give a radius above 0 m and at most 40,000 km"#
                )
        )
    }

    /// One line documents: a fence whose properties are `PROPS`, or a document of its own.
    static func feature(_ properties: String, id: String = #""id": "f", "#, geometry: String? = nil) -> String {
        let geometry = geometry ?? #"{"type": "Point", "coordinates": [2.29, 48.85]}"#
        return #"{"type": "Feature", "# + id + #""geometry": "# + geometry + #", "properties": "# + properties + "}"
    }

    static let cases: [(document: String, expected: GeofenceErrorAt)] = [
        (
            "",
            GeofenceErrorAt(
                1,
                1,
                .notJSON,
                "is not valid JSON: the document is empty; a fence file is a GeoJSON FeatureCollection"
            )
        ),
        (
            "<gpx/>",
            GeofenceErrorAt(
                1,
                1,
                .notJSON,
                #"is not valid JSON: "<" cannot start a JSON value; expected an object, array, string, number, true, false or null (strings take double quotes)"#
            )
        ),
        (
            #"{"type": "FeatureCollection", "features": [}"#,
            GeofenceErrorAt(
                1,
                44,
                .notJSON,
                #"is not valid JSON: "}" cannot start a JSON value; expected an object, array, string, number, true, false or null (strings take double quotes)"#
            )
        ),
        (
            "{\"type\": \"Feature\",\n \"id\": \"a\u{1}\"}",
            GeofenceErrorAt(
                2,
                10,
                .notJSON,
                #"is not valid JSON: a string holds a control character (a line break or tab); write it as \n or \t"#
            )
        ),
        (
            #"{"type": "Feature"} x"#,
            GeofenceErrorAt(
                1,
                21,
                .notJSON,
                #"is not valid JSON: there is more after the end of the document ("x"); remove it"#
            )
        ),
        (
            #"{"type": "Feature", "id": 012}"#,
            GeofenceErrorAt(1, 27, .notJSON, "is not valid JSON: a number cannot have a leading zero; write 7, not 07")
        ),
        (
            #"{"type": "Feature", "id": "é"#,
            GeofenceErrorAt(
                1,
                29,
                .notJSON,
                "is not valid JSON: the file ends inside a string; a closing double quote is missing"
            )
        ),
        (
            String(repeating: "[", count: 300),
            GeofenceErrorAt(
                1,
                257,
                .notJSON,
                "is not valid JSON: arrays and objects are nested more than 256 deep; this is not a fence file"
            )
        ),
        (
            "[1, 2]",
            GeofenceErrorAt(
                1,
                1,
                .notGeoJSON,
                #"the document is an array, not a GeoJSON object; a fence file is a GeoJSON FeatureCollection of Point features, each with a radius in metres, e.g. {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "home", "geometry": {"type": "Point", "coordinates": [13.405, 52.52]}, "properties": {"radius": 150}}]}"#
            )
        ),
        (
            #"{"type": "Point", "coordinates": [1, 2]}"#,
            GeofenceErrorAt(
                1,
                10,
                .notGeoJSON,
                #"the document is a GeoJSON Point, not a FeatureCollection; a fence file is a GeoJSON FeatureCollection of Point features, each with a radius in metres, e.g. {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "home", "geometry": {"type": "Point", "coordinates": [13.405, 52.52]}, "properties": {"radius": 150}}]}"#
            )
        ),
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Point", "coordinates": [1, 2]}]}"#,
            GeofenceErrorAt(
                1,
                53,
                .notAFeature,
                #"fence 1: has the type "Point" (a bare geometry; wrap it in a Feature); each fence is an object with "type": "Feature", a Point geometry and a radius"#
            )
        ),
        (
            #"{"type": "FeatureCollection", "features": [7]}"#,
            GeofenceErrorAt(
                1,
                44,
                .notAFeature,
                "fence 1: is the number 7; each fence is a GeoJSON Feature with a Point geometry and a radius"
            )
        ),
        (
            feature(#"{"radius": 10}"#, id: ""),
            GeofenceErrorAt(
                1,
                1,
                .badIdentifier,
                #"fence 1: has no identifier; give the Feature an "id" (or properties.id or properties.name), unique in the file"#
            )
        ),
        (
            feature(#"{"radius": 10}"#, id: #""id": true, "#),
            GeofenceErrorAt(1, 27, .badIdentifier, "fence 1: its id is true; an identifier is a string or a number")
        ),
        (
            feature(#"{"radius": 10, "name": ""}"#, id: ""),
            GeofenceErrorAt(1, 119, .badIdentifier, "fence 1: its properties.name is empty; give it a name")
        ),
        (
            feature(#"{"radius": 10}"#, geometry: "null"),
            GeofenceErrorAt(
                1,
                44,
                .unsupportedGeometry,
                #"fence 1 ("f"): it has no geometry; Whereabouts monitors circles: give a Point at the centre with properties.radius in metres"#
            )
        ),
        (
            feature(#"{"radius": 10}"#, geometry: #"{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}"#),
            GeofenceErrorAt(
                1,
                44,
                .unsupportedGeometry,
                #"fence 1 ("f"): a LineString; Whereabouts monitors circles: give a Point at the centre with properties.radius in metres"#
            )
        ),
        (
            feature(#"{"radius": 10}"#, geometry: #"{"type": "Point", "coordinates": [1]}"#),
            GeofenceErrorAt(
                1,
                77,
                .badCoordinates,
                #"fence 1 ("f"): the Point's coordinates are an array of 1 value; give [longitude, latitude] (an altitude may follow)"#
            )
        ),
        (
            feature(#"{"radius": 10}"#, geometry: #"{"type": "Point", "coordinates": ["2.29", 48.85]}"#),
            GeofenceErrorAt(
                1,
                78,
                .badCoordinates,
                #"fence 1 ("f"): the longitude is the string "2.29"; give a number of degrees"#
            )
        ),
        (
            feature(#"{"radius": 10}"#, geometry: #"{"type": "Point", "coordinates": [200, 48.85]}"#),
            GeofenceErrorAt(1, 78, .badCoordinates, #"fence 1 ("f"): the longitude 200 is out of range (−180…180)"#)
        ),
        (
            feature(#"{"radius": 10}"#, geometry: #"{"type": "Point", "coordinates": [100, 95]}"#),
            GeofenceErrorAt(1, 83, .badCoordinates, #"fence 1 ("f"): the latitude 95 is out of range (−90…90)"#)
        ),
        (
            feature("null"),
            GeofenceErrorAt(
                1,
                107,
                .badRadius,
                #"fence 1 ("f"): has no properties; give "properties": {"radius": METRES}"#
            )
        ),
        (
            feature(#"{"name": "x"}"#),
            GeofenceErrorAt(
                1,
                107,
                .badRadius,
                #"fence 1 ("f"): has no radius; give properties.radius in metres, e.g. "radius": 150"#
            )
        ),
        (
            feature(#"{"radius": "200 m"}"#),
            GeofenceErrorAt(
                1,
                118,
                .badRadius,
                #"fence 1 ("f"): the radius is the string "200 m"; give a number of metres, without quotes or units"#
            )
        ),
        (
            feature(#"{"radius": 0}"#),
            GeofenceErrorAt(
                1,
                118,
                .badRadius,
                #"fence 1 ("f"): the radius is 0; give a radius above 0 m and at most 40,000 km"#
            )
        ),
        (
            feature(#"{"radius": 1e999}"#),
            GeofenceErrorAt(
                1,
                118,
                .badRadius,
                #"fence 1 ("f"): the radius is 1e999; give a radius above 0 m and at most 40,000 km"#
            )
        ),
        (
            feature(#"{"radius": 10, "notifyOnExit": "no"}"#),
            GeofenceErrorAt(
                1,
                138,
                .badFlag,
                #"fence 1 ("f"): notifyOnExit is the string "no"; give true or false (without quotes), or leave it out for true"#
            )
        ),
    ]

    @Test(arguments: GeofenceFileReaderMalformedTests.cases.indices)
    func eachBadValueIsRefusedWithItsLineColumnAndWhatToWrite(_ index: Int) throws {
        let (document, expected) = GeofenceFileReaderMalformedTests.cases[index]
        let error = try #require(throws: GeofenceFileError.self) {
            try GeofenceFileReader.read(data: Data(document.utf8), name: "inline.geojson")
        }
        #expect(GeofenceErrorAt(error) == expected, "document: \(document)")
        #expect(error.file == "inline.geojson")
    }

    @Test func noPrefixOfAFenceFileCrashesTheReader() throws {
        // Every cut of a good file is refused with a position inside the document; none crashes the reader.
        let file = try Data(contentsOf: GeofenceFixture.url("fences"))
        try #require(file.last == UInt8(ascii: "\n"))
        // Without its final newline, so no cut is the whole document.
        let data = file.dropLast()
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        var refused = 0
        for length in 0..<data.count {
            do throws(GeofenceFileError) {
                _ = try GeofenceFileReader.read(data: Data(data.prefix(length)))
            } catch {
                refused += 1
                #expect(error.line >= 1 && error.line <= lines, "cut at \(length): \(error)")
            }
        }
        #expect(refused == data.count)
    }
}
