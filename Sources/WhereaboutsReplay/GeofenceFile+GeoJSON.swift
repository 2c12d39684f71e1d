import Whereabouts

extension GeofenceFile {
    /// The fences as a fence file: a GeoJSON FeatureCollection, one feature a line, that ``GeofenceFileReader``
    /// reads back to the same fences.
    ///
    /// Numbers are written with as many digits as it takes to read back the same `Double`; `notifyOnEntry` and
    /// `notifyOnExit` are written only when `false`.
    ///
    /// ```swift
    /// let text = GeofenceFile(fences: fences).geoJSON()
    /// try Data(text.utf8).write(to: URL(filePath: "fences.geojson"))
    /// ```
    ///
    /// - Returns: The document, ending with a newline.
    public func geoJSON() -> String {
        var text = "{\"type\": \"FeatureCollection\", \"features\": ["
        for (index, fence) in fences.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"type\": \"Feature\", \"id\": \(Self.quoted(fence.id)), \"geometry\": {\"type\": \"Point\", "
            text += "\"coordinates\": [\(fence.center.longitude), \(fence.center.latitude)]}, "
            text += "\"properties\": {\"radius\": \(fence.radius)"
            if !fence.notifyOnEntry { text += ", \"notifyOnEntry\": false" }
            if !fence.notifyOnExit { text += ", \"notifyOnExit\": false" }
            text += "}}"
        }
        return text + "\n]}\n"
    }

    /// A JSON string literal.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
