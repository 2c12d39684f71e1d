import Whereabouts

extension GPXReader {
    /// Which points of a GPX file are replayed: its tracks, its routes, its waypoints, or all of them.
    ///
    /// A GPX file holds three kinds of points that mean different things: `trkpt` (where a device
    /// was, usually with times), `rtept` (a planned way, usually without times) and `wpt` (places
    /// of interest). Mixing them would play a planned route and a recorded walk as one journey, so
    /// a reader replays one kind unless told otherwise.
    public enum Points: String, Hashable, Sendable, CaseIterable {
        /// The tracks (`trkpt`); when the file has none, its routes (`rtept`); when it has neither,
        /// its waypoints (`wpt`).
        ///
        /// A file or bytes in memory are read again for routes or waypoints only when the first
        /// read found no track point, so a track is read once. A handle such as standard input
        /// cannot be read again: the reader keeps the routes and waypoints it meets before the
        /// first track point in memory (and drops them at that point), so only a file without
        /// any track costs memory in proportion to its routes or waypoints.
        case automatic
        /// Only track points (`trkpt`).
        case tracks
        /// Only route points (`rtept`).
        case routes
        /// Only waypoints (`wpt`).
        case waypoints
        /// Every point, in the order of the file.
        case all

        /// Whether points of `kind` are replayed when the first read decides nothing.
        func includes(_ kind: GPXElement) -> Bool {
            switch self {
            case .automatic, .tracks: kind == .trkpt
            case .routes: kind == .rtept
            case .waypoints: kind == .wpt
            case .all: kind.isPoint
            }
        }
    }
}

extension GPXReader {
    /// Handles a good point that just closed; returns its fix when it is replayed and its time is known.
    mutating func accept(_ point: Point) -> Location? {
        let kind = point.kind
        if !rereading {
            switch kind {
            case .trkpt: seen.tracks = true
            case .rtept: seen.routes = true
            default: seen.waypoints = true
            }
        }
        if keepsOthers {
            if kind == .trkpt {
                keepsOthers = false
                keptRoutes = []
                keptWaypoints = []
            } else {
                let kept = KeptPoint(location: location(of: point), time: point.time)
                if kind == .rtept { keptRoutes.append(kept) } else { keptWaypoints.append(kept) }
                return nil
            }
        }
        guard points == .automatic ? kind == chosen : points.includes(kind) else { return nil }
        if kind != lastKind {
            timeline.endSegment()
            lastKind = kind
        }
        return timeline.add(location(of: point), time: point.time)
    }

    /// Handles the end of a `trkseg`, `trk` or `rte`.
    mutating func endSegment(_ kind: GPXElement) {
        timeline.endSegment()
        if kind == .rte, keepsOthers, !keptRoutes.isEmpty { keptRoutes[keptRoutes.count - 1].endsSegment = true }
    }

    /// Ends a read: the input is done, or read again for routes or waypoints when it had no track.
    mutating func endOfInput() throws(ReplayIssue) {
        timeline.endSegment()
        guard points == .automatic, !rereading, !seen.tracks else {
            inputEnded = true
            return
        }
        let next: GPXElement? = seen.routes ? .rtept : seen.waypoints ? .wpt : nil
        guard let next else {
            inputEnded = true
            return
        }
        guard let reopen else {
            inputEnded = true
            replaying = (next == .rtept ? keptRoutes : keptWaypoints, 0)
            keptRoutes = []
            keptWaypoints = []
            return
        }
        let input: ByteInput
        do {
            input = try reopen()
        } catch {
            stop()
            throw error
        }
        scanner = XMLScanner(source: input)
        rereading = true
        chosen = next
        depth = 0
        rootChecked = false
        point = nil
        skippedPointDepth = nil
        leaf = nil
        metadataDepth = nil
        lastKind = nil
    }
}
