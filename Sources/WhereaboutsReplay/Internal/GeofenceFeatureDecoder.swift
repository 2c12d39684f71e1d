import Whereabouts

/// Turns the features of a fence file into fences one at a time, checking each value and that identifiers are unique.
struct GeofenceFeatureDecoder {
    /// The file's name, for errors.
    let file: String
    /// The fences decoded so far, in order.
    private(set) var fences: [Geofence] = []
    /// The line of each identifier's first fence.
    private var lines: [String: Int] = [:]

    init(file: String) {
        self.file = file
    }

    /// The largest radius accepted: 40,000 km, about the Earth's circumference.
    static let maximumRadius = 4e7

    /// Decodes one feature and keeps its fence.
    ///
    /// - Parameter feature: An element of the file's `features` (or the file's single Feature).
    /// - Throws: ``GeofenceFileError`` for the first value that is wrong.
    mutating func add(_ feature: PositionedJSON) throws(GeofenceFileError) {
        let number = fences.count + 1
        var label = "fence \(number)"
        guard case .object = feature.value else {
            throw .notAFeature(
                file,
                at: feature.position,
                fence: label,
                "is \(feature.kindDescription); each fence is a GeoJSON Feature with a Point geometry and a radius"
            )
        }
        let type = feature["type"]
        guard case .string("Feature") = type?.value else {
            var found = "has no \"type\""
            if let type, case .string(let name) = type.value {
                found = "has the type \"\(name)\""
                if ["Point", "Polygon", "MultiPoint", "LineString"].contains(name) {
                    found += " (a bare geometry; wrap it in a Feature)"
                }
            } else if let type {
                found = "has a type that is \(type.kindDescription)"
            }
            throw .notAFeature(
                file,
                at: type?.position ?? feature.position,
                fence: label,
                "\(found); each fence is an object with \"type\": \"Feature\", a Point geometry and a radius"
            )
        }
        let properties = feature["properties"]
        let (id, idPosition) = try identifier(of: feature, properties: properties, label: label)
        label += " (\"\(id)\")"
        if let first = lines[id] {
            throw .duplicateIdentifier(file, at: idPosition, fence: label, id: id, firstLine: first)
        }
        let center = try center(of: feature, label: label)
        let radius = try radius(of: feature, properties: properties, label: label)
        let notifyOnEntry = try flag("notifyOnEntry", in: properties, label: label)
        let notifyOnExit = try flag("notifyOnExit", in: properties, label: label)
        lines[id] = feature.position.line
        fences.append(
            Geofence(
                id: id,
                center: center,
                radius: radius,
                notifyOnEntry: notifyOnEntry,
                notifyOnExit: notifyOnExit
            )
        )
    }

    /// The feature's `id`, else `properties.id`, else `properties.name`, and where it is written.
    private func identifier(
        of feature: PositionedJSON,
        properties: PositionedJSON?,
        label: String
    )
        throws(GeofenceFileError) -> (String, JSONPosition)
    {
        let candidates = [
            ("id", feature["id"]), ("properties.id", properties?["id"]), ("properties.name", properties?["name"]),
        ]
        for (name, value) in candidates {
            guard let value else { continue }
            switch value.value {
            case .null: continue
            case .string(let text) where !text.isEmpty: return (text, value.position)
            case .number(_, let text): return (text, value.position)
            case .string:
                throw .badIdentifier(file, at: value.position, fence: label, "its \(name) is empty; give it a name")
            default:
                throw .badIdentifier(
                    file,
                    at: value.position,
                    fence: label,
                    "its \(name) is \(value.kindDescription); an identifier is a string or a number"
                )
            }
        }
        throw .badIdentifier(
            file,
            at: feature.position,
            fence: label,
            "has no identifier; give the Feature an \"id\" (or properties.id or properties.name), unique in the file"
        )
    }

    /// The centre: the Point's `[longitude, latitude]`.
    private func center(of feature: PositionedJSON, label: String) throws(GeofenceFileError) -> Coordinate {
        guard let geometry = feature["geometry"], case .object = geometry.value else {
            let found = feature["geometry"]
            let what =
                switch found?.value {
                case nil, .null?: "it has no geometry"
                default: "its geometry is \(found?.kindDescription ?? "")"
                }
            throw .unsupportedGeometry(file, at: found?.position ?? feature.position, fence: label, what)
        }
        guard case .string(let type) = geometry["type"]?.value else {
            throw .unsupportedGeometry(
                file,
                at: geometry["type"]?.position ?? geometry.position,
                fence: label,
                "its geometry has no type"
            )
        }
        guard type == "Point" else {
            let article = type.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
            throw .unsupportedGeometry(file, at: geometry.position, fence: label, "\(article) \(type)")
        }
        guard let coordinates = geometry["coordinates"] else {
            throw .badCoordinates(
                file,
                at: geometry.position,
                fence: label,
                "the Point has no coordinates; give \"coordinates\": [longitude, latitude]"
            )
        }
        guard case .array(let elements) = coordinates.value, elements.count == 2 || elements.count == 3 else {
            var found = coordinates.kindDescription
            if case .array(let elements) = coordinates.value {
                found = "an array of \(elements.count) value\(elements.count == 1 ? "" : "s")"
            }
            throw .badCoordinates(
                file,
                at: coordinates.position,
                fence: label,
                "the Point's coordinates are \(found); give [longitude, latitude] (an altitude may follow)"
            )
        }
        var numbers: [Double] = []
        for (element, name) in zip(elements, ["longitude", "latitude", "altitude"]) {
            guard case .number(let value, _) = element.value, value.isFinite else {
                throw .badCoordinates(
                    file,
                    at: element.position,
                    fence: label,
                    "the \(name) is \(element.kindDescription); give a number of degrees"
                        + (name == "altitude" ? " (metres for the altitude)" : "")
                )
            }
            numbers.append(value)
        }
        let (longitude, latitude) = (numbers[0], numbers[1])
        guard abs(latitude) <= 90 else {
            let swapped = abs(longitude) <= 90 ? "; GeoJSON puts the longitude first: [longitude, latitude]" : ""
            throw .badCoordinates(
                file,
                at: elements[1].position,
                fence: label,
                "the latitude \(Self.text(elements[1])) is out of range (−90…90)\(swapped)"
            )
        }
        guard abs(longitude) <= 180 else {
            throw .badCoordinates(
                file,
                at: elements[0].position,
                fence: label,
                "the longitude \(Self.text(elements[0])) is out of range (−180…180)"
            )
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `properties.radius`, in metres.
    private func radius(
        of feature: PositionedJSON,
        properties: PositionedJSON?,
        label: String
    )
        throws(GeofenceFileError) -> Double
    {
        guard let properties, case .object = properties.value else {
            let what =
                switch properties?.value {
                case nil, .null?: "has no properties"
                default: "has properties that are \(properties?.kindDescription ?? "")"
                }
            throw .badRadius(
                file,
                at: properties?.position ?? feature.position,
                fence: label,
                "\(what); give \"properties\": {\"radius\": METRES}"
            )
        }
        guard let radius = properties["radius"] else {
            throw .badRadius(
                file,
                at: properties.position,
                fence: label,
                "has no radius; give properties.radius in metres, e.g. \"radius\": 150"
            )
        }
        guard case .number(let metres, let text) = radius.value else {
            throw .badRadius(
                file,
                at: radius.position,
                fence: label,
                "the radius is \(radius.kindDescription); give a number of metres, without quotes or units"
            )
        }
        guard metres.isFinite, metres > 0, metres <= Self.maximumRadius else {
            throw .badRadius(
                file,
                at: radius.position,
                fence: label,
                "the radius is \(text); give a radius above 0 m and at most 40,000 km"
            )
        }
        return metres
    }

    /// A flag of `properties`: `true` when absent or null.
    private func flag(_ name: String, in properties: PositionedJSON?, label: String) throws(GeofenceFileError) -> Bool {
        guard let value = properties?[name] else { return true }
        switch value.value {
        case .bool(let flag): return flag
        case .null: return true
        default:
            throw .badFlag(
                file,
                at: value.position,
                fence: label,
                "\(name) is \(value.kindDescription); give true or false (without quotes), or leave it out for true"
            )
        }
    }

    /// A number as the file writes it.
    private static func text(_ value: PositionedJSON) -> String {
        if case .number(_, let text) = value.value { return text }
        return value.kindDescription
    }
}
