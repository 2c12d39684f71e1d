import Whereabouts

extension GPXReader {
    /// Handles an element that opens.
    mutating func opened(_ kind: GPXElement) throws(ReplayIssue) {
        depth += 1
        if !rootChecked {
            rootChecked = true
            if kind != .gpx {
                try report(at: scanner.tagPosition, "the root element is not <gpx>; is this a GPX file?")
            }
        }
        guard skippedPointDepth == nil, leaf == nil else { return }
        if let point {
            switch kind {
            case .ele, .time, .hdop, .vdop:
                if depth == point.depth + 1 { beginLeaf(kind) }
            case .speed, .course:
                beginLeaf(kind)
            default:
                break
            }
            return
        }
        switch kind {
        case .trkpt, .rtept, .wpt:
            try beginPoint(kind)
        case .metadata where depth == 2:
            metadataDepth = depth
        case .time where depth == 2 || metadataDepth.map { depth == $0 + 1 } == true:
            beginLeaf(kind)
        default:
            break
        }
    }

    /// Handles an element that closes; returns the fix when it is a point.
    mutating func closed(_ kind: GPXElement) throws(ReplayIssue) -> Location? {
        defer { depth -= 1 }
        if let leaf, leaf.depth == depth {
            self.leaf = nil
            scanner.endText()
            try finish(leaf)
        }
        if skippedPointDepth == depth {
            skippedPointDepth = nil
            return nil
        }
        if metadataDepth == depth { metadataDepth = nil }
        if let point, point.depth == depth {
            self.point = nil
            return accept(point)
        }
        if kind.endsSegment { endSegment(kind) }
        return nil
    }

    private mutating func beginLeaf(_ kind: GPXElement) {
        leaf = Leaf(kind: kind, depth: depth, position: scanner.tagPosition)
        scanner.beginText()
    }

    /// Reads `lat` and `lon`; a point without good ones is reported and skipped.
    private mutating func beginPoint(_ kind: GPXElement) throws(ReplayIssue) {
        guard let latitude = try coordinate("lat", of: kind, limit: 90),
            let longitude = try coordinate("lon", of: kind, limit: 180)
        else {
            skippedPointDepth = depth
            return
        }
        point = Point(kind: kind, depth: depth, latitude: latitude, longitude: longitude)
    }

    private mutating func coordinate(
        _ attribute: StaticString,
        of kind: GPXElement,
        limit: Double
    ) throws(ReplayIssue) -> Double? {
        switch scanner.attribute(attribute) {
        case .missing:
            try report(at: scanner.tagPosition, "<\(kind)> has no \(attribute) attribute; the point is skipped")
            return nil
        case .badEntity(let position):
            try report(at: position, "bad entity in the \(attribute) of <\(kind)>; the point is skipped")
            return nil
        case .found:
            let value = scanner.value.withUnsafeBufferPointer { DecimalParser.parse($0) }
            guard let value, value.isFinite, abs(value) <= limit else {
                let what = value == nil ? "is not a number" : "is out of range (−\(Int(limit))…\(Int(limit)))"
                try report(
                    at: scanner.valuePosition(),
                    "<\(kind)> \(attribute) \(what): \(Self.quoted(scanner.value)); the point is skipped"
                )
                return nil
            }
            return value
        }
    }

    /// Parses the text of a value element and stores it in the point (or as the file's time).
    private mutating func finish(_ leaf: Leaf) throws(ReplayIssue) {
        guard !scanner.textDamaged else { return }
        let position = scanner.textPosition ?? leaf.position
        let text = scanner.text
        guard text.contains(where: { !XMLBytes.isSpace($0) }) else {
            try report(at: position, "<\(leaf.kind)> is empty; the value is ignored")
            return
        }
        if leaf.kind == .time {
            guard let time = text.withUnsafeBufferPointer({ Timestamp.parse($0) }) else {
                try report(
                    at: position,
                    "<time> is not an ISO 8601 time like 2024-05-01T12:00:00Z: "
                        + "\(Self.quoted(text)); the value is ignored"
                )
                return
            }
            if point != nil {
                point?.time = time
            } else {
                metadataTime = time
                timeline.startTime = time
            }
            return
        }
        let number = text.withUnsafeBufferPointer { DecimalParser.parse($0) }
        guard let number, number.isFinite else {
            try report(at: position, "<\(leaf.kind)> is not a number: \(Self.quoted(text)); the value is ignored")
            return
        }
        // Every value is checked against the physical ranges Core Location's values fall in (LocationLimits).
        let problem: String?
        switch leaf.kind {
        case .ele: problem = Self.rangeProblem(number, LocationLimits.altitude, unit: " m")
        case .course: problem = Self.rangeProblem(number, LocationLimits.course, unit: "")
        case .speed:
            problem = number < 0 ? "is negative" : Self.rangeProblem(number, LocationLimits.speed, unit: " m/s")
        // A dilution of precision becomes an accuracy in metres (× 5), which must be in its range.
        case .hdop, .vdop:
            let limits = leaf.kind == .hdop ? LocationLimits.horizontalAccuracy : LocationLimits.verticalAccuracy
            let largest = limits.upperBound / DOPAccuracy.metresPerDOP
            problem = number < 0 ? "is negative" : number > largest ? "is too large" : nil
        default: problem = number >= 0 ? nil : "is negative"
        }
        if let problem {
            try report(at: position, "<\(leaf.kind)> \(problem): \(Self.quoted(text)); the value is ignored")
            return
        }
        switch leaf.kind {
        case .ele: point?.altitude = number
        case .hdop: point?.hdop = number
        case .vdop: point?.vdop = number
        case .speed: point?.speed = number
        case .course: point?.course = number
        default: break
        }
    }

    /// `"is out of range (-12000…100000 m)"` when `value` is outside `range`, else `nil`.
    static func rangeProblem(_ value: Double, _ range: ClosedRange<Double>, unit: String) -> String? {
        range.contains(value) ? nil : "is out of range (\(LocationLimits.describe(range))\(unit))"
    }

    /// Offending text for a message: trimmed, at most 40 bytes (cut at a character), quoted.
    static func quoted(_ bytes: [UInt8]) -> String {
        var start = 0
        var end = bytes.count
        while start < end, XMLBytes.isSpace(bytes[start]) { start += 1 }
        while end > start, XMLBytes.isSpace(bytes[end - 1]) { end -= 1 }
        var cut = min(end, start + 40)
        let shortened = cut < end
        while shortened, cut > start, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        let text = String(decoding: bytes[start..<cut], as: UTF8.self)
        return (shortened ? text + "…" : text).debugDescription
    }
}
