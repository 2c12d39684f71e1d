import Foundation

extension Coarsener {
    /// A grid cell, with its row's width (degrees) and secret offset (cells, 0..<1) for hysteresis.
    struct Cell: Hashable, Sendable {
        var row: Int, column: Int, width: Double, offset: Double
    }

    /// The secret grid: rows `cellSize` metres high, each with its own width and offset, and the points.
    struct Grid: Sendable {
        /// Metres in a degree of latitude, on the sphere that `Coordinate.distance(to:)` measures on.
        static let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let k0: UInt64, k1: UInt64, cellSize: Double, minimumDistance: Double, offsetSpread: Double
        /// The side, in cells, of a block whose cells share one offset.
        let blockSize: Int
        /// The most metres and seconds a switch to a new cell's point waits.
        let switchDistance: Double, switchDelay: Double
        /// The row height in degrees of latitude, the secret latitude offset in rows (0..<1) and the
        /// hysteresis in cells.
        let height: Double, offset: Double, margin: Double

        init(secret: Secret, configuration: Configuration) {
            (k0, k1) = (secret.k0, secret.k1)
            cellSize = configuration.cellSize
            height = configuration.cellSize / Self.metresPerDegree
            margin = configuration.hysteresis / configuration.cellSize
            minimumDistance = configuration.minimumDistance
            offsetSpread = configuration.offsetSpread
            blockSize = configuration.blockSize
            (switchDistance, switchDelay) = (configuration.switchDistance, configuration.switchDelay)
            offset = Self.unit(SipHasher.hash(tag: 0x6c61_7469_7475_6465, 0, 0, k0: k0, k1: k1))  // "latitude"
        }

        /// The southern and northern latitudes of a row, within ±90.
        @inline(__always)
        func latitudes(ofRow row: Int) -> (south: Double, north: Double) {
            let south = (Double(row) - offset) * height - 90
            return (max(south, -90), min(south + height, 90))
        }

        /// The cell holding a valid coordinate.
        func cell(for coordinate: Coordinate) -> Cell {
            let row = Int(((coordinate.latitude + 90) / height + offset).rounded(.down))
            let (south, north) = latitudes(ofRow: row)
            let width = min(360, cellSize / (Self.metresPerDegree * max(cos((south + north) * .pi / 360), 0.01)))
            let rowOffset = Self.unit(SipHasher.hash(tag: 0x726f_776f_6666_7365, row, 0, k0: k0, k1: k1))  // "rowoffse"
            let column = Int(((coordinate.longitude + 180) / width + rowOffset).rounded(.down))
            return Cell(row: row, column: column, width: width, offset: rowOffset)
        }

        /// Whether a coordinate lies in a cell grown by the hysteresis on every side (in grid units).
        @inline(__always)
        func margin(of cell: Cell, contains coordinate: Coordinate) -> Bool {
            let y = (coordinate.latitude + 90) / height + offset - Double(cell.row)
            let x = (coordinate.longitude + 180) / cell.width + cell.offset - Double(cell.column)
            return y >= -margin && y < 1 + margin && x >= -margin && x < 1 + margin
        }

        /// The block holding a cell: `blockSize` rows high and about as wide, placed by the cell's centre, so
        /// every cell is in exactly one block. The block's row offset is secret like the cells'.
        func block(of cell: Cell) -> (row: Int, column: Int) {
            let row = Int((Double(cell.row) / Double(blockSize)).rounded(.down))
            let south = (Double(row * blockSize) - offset) * height - 90
            let middle = min(max(south + height * Double(blockSize) / 2, -90), 90)
            let size = cellSize * Double(blockSize)
            let width = min(360, size / (Self.metresPerDegree * max(cos(middle * .pi / 180), 0.01)))
            // The tag spells "blockoff".
            let blockOffset = Self.unit(SipHasher.hash(tag: 0x626c_6f63_6b6f_6666, row, 0, k0: k0, k1: k1))
            let centre = (Double(cell.column) - cell.offset + 0.5) * cell.width
            return (row, Int((centre / width + blockOffset).rounded(.down)))
        }

        /// The cell's fixed point: from its centre, a bearing and a distance of the circumradius of the cell
        /// and its margin (the farther corner, on the sphere) plus `minimumDistance` plus up to
        /// `offsetSpread`. By the triangle inequality it is at least `minimumDistance` from the cell and margin.
        ///
        /// The bearing and the extra distance are keyed hashes of the cell's block, not of the cell: the cells
        /// of a block share one offset, so two neighbours' points are as far from the edge between them as
        /// one point is from its cell, and their midpoint does not average the offset away.
        func representative(of cell: Cell) -> Coordinate {
            let (south, north) = latitudes(ofRow: cell.row)
            let longitude = (Double(cell.column) - cell.offset + 0.5) * cell.width - 180
            let centre = Coordinate(latitude: (south + north) / 2, longitude: longitude)
            let east = longitude + min(180, cell.width * (0.5 + margin))
            let southCorner = Coordinate(latitude: max(south - margin * height, -90), longitude: east)
            let northCorner = Coordinate(latitude: min(north + margin * height, 90), longitude: east)
            let circumradius = max(centre.distance(to: southCorner), centre.distance(to: northCorner))
            let block = block(of: cell)
            // The tag spells "points!!".
            let hash = SipHasher.hash(tag: 0x706f_696e_7473_2121, block.row, block.column, k0: k0, k1: k1)
            let bearing = 2 * .pi * Double(hash >> 32) * 0x1p-32
            let distance = circumradius + minimumDistance + offsetSpread * Double(hash & 0xffff_ffff) * 0x1p-32
            return Self.destination(from: centre, bearing: bearing, distance: distance)
        }

        /// The point `distance` metres from `start` along the great circle leaving it at `bearing` radians.
        static func destination(from start: Coordinate, bearing: Double, distance: Double) -> Coordinate {
            let latitude = start.latitude * .pi / 180
            let angle = distance / Coordinate.earthRadius
            let sine = min(1, max(-1, sin(latitude) * cos(angle) + cos(latitude) * sin(angle) * cos(bearing)))
            let turn = atan2(sin(bearing) * sin(angle) * cos(latitude), cos(angle) - sin(latitude) * sine)
            var longitude = start.longitude + turn * 180 / .pi
            longitude -= 360 * (longitude / 360).rounded()
            return Coordinate(latitude: asin(sine) * 180 / .pi, longitude: longitude)
        }

        /// A hash as a fraction in 0..<1.
        @inline(__always)
        static func unit(_ hash: UInt64) -> Double { Double(hash >> 11) * 0x1p-53 }
    }

    /// The radius holding the truth with `probability`, for a person uniform in a flat square cell.
    ///
    /// For a person `s` from the cell's centre and a point `r` from it at a uniform bearing, the distance
    /// between them is at most `ρ` with probability arccos((r² + s² − ρ²) / 2rs) / π. This averages that
    /// over fixed midpoint nodes for `s` (weighted by the square's density) and `r` (uniform over its
    /// range), then solves for `ρ` by bisection: deterministic, and independent of the secret.
    static func containmentRadius(_ configuration: Configuration, probability: Double) -> Double {
        let half = configuration.cellSize / 2
        let root2 = 2.squareRoot()
        let inner = root2 * (half + configuration.hysteresis) + configuration.minimumDistance
        // 32 nodes for s up to `half`, where the circle of radius s lies in the square, 32 beyond, where four
        // arcs lie outside it; a weight is the circle's length inside times the node spacing (over 2π).
        let nodes = (0..<64).map { index -> (s: Double, weight: Double) in
            let t = (Double(index % 32) + 0.5) / 32
            if index < 32 { return (t * half, t * half) }
            let s = half * (1 + (root2 - 1) * t)
            return (s, (1 - 4 / .pi * acos(half / s)) * s * (root2 - 1))
        }
        let radii = (0..<16).map { inner + configuration.offsetSpread * (Double($0) + 0.5) / 16 }
        let total = nodes.reduce(0) { $0 + $1.weight } * Double(radii.count)
        func fraction(within rho: Double) -> Double {
            var sum = 0.0
            for (s, weight) in nodes {
                for r in radii {
                    sum += weight * acos(min(1, max(-1, (r * r + s * s - rho * rho) / (2 * r * s))))
                }
            }
            return sum / .pi / total
        }
        var (low, high) = (0.0, inner + configuration.offsetSpread + root2 * half)
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if fraction(within: middle) < probability { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
