import Foundation
import Testing
import WhereaboutsTestSupport

@testable import Whereabouts

/// The cells of a block share one offset, so a change of point does not show where the edge crossed is.
@Suite(.timeLimit(.minutes(5)))
struct CoarsenerBlockTests {
    typealias Generator = SplitMix64

    /// A cell and its eastern neighbour, their points, and the middle of the edge between them.
    struct Neighbours {
        var west: Coarsener.Cell, east: Coarsener.Cell
        var westPoint: Coordinate, eastPoint: Coordinate
        var edge: Coordinate, westCentre: Coordinate, eastCentre: Coordinate

        init(_ grid: Coarsener.Grid, around coordinate: Coordinate) {
            west = grid.cell(for: coordinate)
            let (south, north) = grid.latitudes(ofRow: west.row)
            let edgeLongitude = (Double(west.column) - west.offset + 1) * west.width - 180
            let middle = (south + north) / 2
            edge = Coordinate(latitude: middle, longitude: edgeLongitude)
            westCentre = Coordinate(latitude: middle, longitude: edgeLongitude - west.width / 2)
            eastCentre = Coordinate(latitude: middle, longitude: edgeLongitude + west.width / 2)
            east = grid.cell(for: eastCentre)
            (westPoint, eastPoint) = (grid.representative(of: west), grid.representative(of: east))
        }

        var midpoint: Coordinate {
            Coordinate(
                latitude: (westPoint.latitude + eastPoint.latitude) / 2,
                longitude: (westPoint.longitude + eastPoint.longitude) / 2
            )
        }
    }

    /// 2,000 neighbour pairs between 60° S and 60° N, each under a secret of its own.
    static func pairs(_ configuration: Coarsener.Configuration = .default) -> [Neighbours] {
        var generator = Generator(seed: 29)
        return (0..<2_000).map { _ in
            let secret = Coarsener.Secret(k0: generator.next(), k1: generator.next())
            let grid = Coarsener(secret: secret, configuration: configuration).grid
            let coordinate = Coordinate(
                latitude: Double.random(in: -60...60, using: &generator),
                longitude: Double.random(in: -170...170, using: &generator)
            )
            return Neighbours(grid, around: coordinate)
        }
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test func theMidpointOfTwoNeighboursPointsIsAsFarFromTheirEdgeAsAPointIsFromItsCell() {
        let pairs = Self.pairs()
        let fromEdge = Self.median(pairs.map { $0.midpoint.distance(to: $0.edge) })
        let fromCentre = Self.median(pairs.map { $0.westPoint.distance(to: $0.westCentre) })
        // One offset per cell averages two offsets at the midpoint: about 0.7 of a point's distance.
        #expect(fromEdge >= 0.9 * fromCentre, "midpoint \(fromEdge) m from the edge, points \(fromCentre) m")
    }

    @Test func neighboursInOneBlockHavePointsOneCellApartAndOthersDoNot() {
        // Two points with one offset differ by a few metres on the sphere; independent offsets by kilometres.
        func sharesAnOffset(_ pair: Neighbours) -> Bool {
            let west = Self.offset(from: pair.westCentre, to: pair.westPoint)
            let east = Self.offset(from: pair.eastCentre, to: pair.eastPoint)
            return hypot(west.east - east.east, west.north - east.north) < 50
        }
        let shared = Self.pairs().filter(sharesAnOffset).count
        // Blocks are 4 cells wide, so about 3 pairs in 4 lie in one block.
        #expect((1_350...1_650).contains(shared), "\(shared) of 2,000 pairs share an offset")
        #expect(Self.pairs(.init(blockSize: 1)).filter(sharesAnOffset).count <= 2)
    }

    /// East and north metres from one point to another (flat, fine over a few kilometres).
    static func offset(from start: Coordinate, to end: Coordinate) -> (east: Double, north: Double) {
        let metres = Coordinate.earthRadius * .pi / 180
        return (
            (end.longitude - start.longitude) * metres * cos(start.latitude * .pi / 180),
            (end.latitude - start.latitude) * metres
        )
    }

    @Test func aConfigurationWrittenWithoutABlockSizeReadsAsTheDefault() throws {
        let old =
            #"{"cellSize":3000,"minimumDistance":1000,"offsetSpread":1500,"hysteresis":500,"#
            + #""maximumFixesPerHour":4}"#
        let decoded = try JSONDecoder().decode(Coarsener.Configuration.self, from: Data(old.utf8))
        #expect(decoded == .default)
        let wider = Coarsener.Configuration(blockSize: 8)
        let data = try JSONEncoder().encode(wider)
        #expect(try JSONDecoder().decode(Coarsener.Configuration.self, from: data) == wider)
    }
}
