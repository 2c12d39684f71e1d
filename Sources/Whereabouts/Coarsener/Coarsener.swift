import Foundation

/// Turns precise fixes into approximate ones that an app cannot sharpen again.
///
/// A grid of cells about `cellSize` metres square, shifted by a per-install ``Secret``, covers the Earth,
/// and every cell has one fixed representative point, offset from its centre at least `minimumDistance`
/// beyond every point of the cell and of its hysteresis margin, up to `offsetSpread` further. The offset is
/// chosen by SipHash-2-4 from the secret and the cell's block (`blockSize` × `blockSize` cells), so
/// neighbouring points are one cell apart and a change of point does not show where the edge crossed is.
/// A coarse fix is the representative of the person's cell, so averaging many fixes converges on that
/// point, not on the person. The cell changes only once a fix lies `hysteresis`
/// metres past its edge, so noise at an edge never flaps; at most `maximumFixesPerHour` fixes come out
/// an hour (by fix timestamps); altitude, vertical accuracy, speed and course are withheld.
///
/// Every coarse fix carries ``horizontalAccuracy`` (or the raw fix's, when larger): the radius around
/// the coarse point that holds the true position with probability ≈ 68 % (Core Location's meaning) for
/// a person placed uniformly in a cell, about 5.2 km for the default configuration.
///
/// Rows are `cellSize` high, each with its own cell width and secret offset, so cells stay about square.
/// At the antimeridian a row's last cell may be narrower and crossing it changes cells at once; near the
/// poles cells are narrower. The distance guarantee holds everywhere.
///
/// ```swift
/// var coarsener = Coarsener(secret: .random())
/// if let coarse = coarsener.coarsen(fix) {
///     deliver(coarse)  // a fixed point 1–9 km away, at most 4 times an hour
/// }
///
/// // In a test, a fixed secret gives the same points on every run:
/// let fixed = Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2))
/// #expect(fixed.representative(for: fix.coordinate).distance(to: fix.coordinate) >= 1_000)
/// ```
public struct Coarsener: Sendable {
    /// The per-install secret: 16 random bytes, the key of SipHash-2-4.
    ///
    /// Keep it for the life of the install: a new secret moves the grid and every representative point,
    /// and two sets of points for one place narrow it down. Its `description` never shows the key.
    public struct Secret: Hashable, Sendable, Codable, CustomStringConvertible {
        let k0: UInt64
        let k1: UInt64

        /// Creates a secret from the two halves of a SipHash key.
        ///
        /// - Parameters:
        ///   - k0: Key bytes 0…7, little-endian.
        ///   - k1: Key bytes 8…15, little-endian.
        public init(k0: UInt64, k1: UInt64) {
            self.k0 = k0
            self.k1 = k1
        }

        /// A new secret from the system's cryptographically secure generator.
        ///
        /// - Returns: A secret nobody can guess.
        public static func random() -> Secret {
            var generator = SystemRandomNumberGenerator()
            return Secret(k0: generator.next(), k1: generator.next())
        }

        /// Reads a secret written by ``hex``.
        ///
        /// - Parameter hex: 32 hexadecimal digits (either case), the 16 key bytes in order.
        public init?(hex: String) {
            guard hex.utf8.count == 32, hex.allSatisfy(\.isHexDigit),
                let first = UInt64(hex.prefix(16), radix: 16), let second = UInt64(hex.suffix(16), radix: 16)
            else { return nil }
            self.init(k0: first.byteSwapped, k1: second.byteSwapped)
        }

        /// The 16 key bytes as 32 lowercase hexadecimal digits, for storing the secret.
        public var hex: String {
            [k0, k1].map { word in
                let digits = String(word.byteSwapped, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }.joined()
        }

        /// `"Secret(…)"`: the key itself never appears in logs.
        public var description: String { "Secret(…)" }

        /// Decodes a secret from its ``hex`` string.
        ///
        /// - Parameter decoder: The decoder to read from.
        /// - Throws: `DecodingError.dataCorrupted` when the string is not 32 hexadecimal digits.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            guard let secret = Secret(hex: try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "a secret is 32 hexadecimal digits; generate one with random()"
                )
            }
            self = secret
        }

        /// Encodes the secret as its ``hex`` string.
        ///
        /// - Parameter encoder: The encoder to write to.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(hex)
        }
    }

    /// How coarse the fixes are and how often they come.
    ///
    /// The defaults keep the country and usually the city, as Apple's approximate location does.
    public struct Configuration: Hashable, Sendable, Codable {
        /// The side of a cell in metres (default 3,000); must be positive.
        public var cellSize: Double
        /// The least distance in metres from any point of a cell and its margin to the cell's point (1,000).
        public var minimumDistance: Double
        /// How much further in metres a cell's point may lie, chosen per cell (default 1,500).
        public var offsetSpread: Double
        /// How far in metres past a cell's edge a fix must lie before the cell changes (default 500).
        public var hysteresis: Double
        /// The most coarse fixes produced in an hour, by fix timestamps (default 4); at least 1.
        public var maximumFixesPerHour: Int
        /// The side, in cells, of a block whose cells share one offset from their centres (default 4); at
        /// least 1, which gives every cell an offset of its own.
        ///
        /// Neighbouring cells with one offset have points one cell apart, so a change of point shows where
        /// the person went but not where the edge they crossed is: the midpoint of the two points is as far
        /// from it as the offset. Only crossings between blocks average two offsets.
        public var blockSize: Int
        /// The most, in metres, a person may travel from where they entered a new cell before its point
        /// replaces the one shown (0, at once, unless set).
        ///
        /// The distance is chosen per pair of cells (the one shown and the one entered) by the secret, from 0
        /// to this, so a change of point comes somewhere past the edge, and at the same place on every repeat
        /// of a route, where repetition cannot average it out. While it waits the old point stays, unless the
        /// person comes within `minimumDistance` of it. Package-only: `whereabouts-bench privacy` measures it
        /// beside the default, and it gained too little for what it costs to be offered (see the article "How
        /// approximate location works").
        package var switchDistance: Double = 0
        /// The most seconds after entering a new cell before its point replaces the one shown, however far
        /// the person went (0, at once, unless set).
        ///
        /// Chosen with `switchDistance` from one keyed draw per pair of cells: the change comes at the first of
        /// the two. It bounds how long a person who stops just past an edge keeps the old point.
        package var switchDelay: Double = 0

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - cellSize: The side of a cell in metres.
        ///   - minimumDistance: The least distance in metres from the truth to its coarse point.
        ///   - offsetSpread: The extra radial spread in metres of the representative points.
        ///   - hysteresis: How far in metres past a cell's edge a fix must lie to change cells.
        ///   - maximumFixesPerHour: The most coarse fixes an hour.
        ///   - blockSize: The side, in cells, of a block whose cells share one offset.
        public init(
            cellSize: Double = 3_000,
            minimumDistance: Double = 1_000,
            offsetSpread: Double = 1_500,
            hysteresis: Double = 500,
            maximumFixesPerHour: Int = 4,
            blockSize: Int = 4
        ) {
            self.cellSize = cellSize
            self.minimumDistance = minimumDistance
            self.offsetSpread = offsetSpread
            self.hysteresis = hysteresis
            self.maximumFixesPerHour = maximumFixesPerHour
            self.blockSize = blockSize
        }

        /// The coded fields: the package-only switch wait is not among them.
        private enum CodingKeys: String, CodingKey {
            case cellSize, minimumDistance, offsetSpread, hysteresis, maximumFixesPerHour, blockSize
        }

        /// Decodes a configuration; one written before `blockSize` existed gets the default, 4.
        ///
        /// - Parameter decoder: The decoder to read from.
        /// - Throws: `DecodingError` when a field is missing or of the wrong type.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cellSize = try container.decode(Double.self, forKey: .cellSize)
            minimumDistance = try container.decode(Double.self, forKey: .minimumDistance)
            offsetSpread = try container.decode(Double.self, forKey: .offsetSpread)
            hysteresis = try container.decode(Double.self, forKey: .hysteresis)
            maximumFixesPerHour = try container.decode(Int.self, forKey: .maximumFixesPerHour)
            blockSize = try container.decodeIfPresent(Int.self, forKey: .blockSize) ?? 4
        }

        /// 3 km cells, points 1–2.5 km beyond a cell's margin, one offset per block of 4 × 4 cells, 500 m
        /// hysteresis, 4 fixes an hour.
        ///
        /// Tuned with `swift run -c release whereabouts-bench privacy` against Android's LocationFudger:
        /// see the article "How approximate location works".
        public static let `default` = Configuration()
    }

    /// The secret that places the grid and the points.
    public let secret: Secret
    /// The configuration in use.
    public let configuration: Configuration
    /// The `horizontalAccuracy`, in metres, that every coarse fix carries at least.
    ///
    /// The radius around a coarse point that holds the person's true position with probability ≈ 68 %
    /// (Core Location's meaning), for a person placed uniformly in a cell and the representative point's
    /// distribution. A function of the configuration only, computed once by numerical integration;
    /// about 5,170 m for the default configuration.
    public let horizontalAccuracy: Double
    /// The last coarse fix produced, for one-shot requests while the rate limit holds.
    public private(set) var current: Location?

    let grid: Grid
    /// The cell the person is in, as far as hysteresis allows.
    var cell: Cell?
    /// The cell whose point is shown: `cell`, or one the person has left while its switch waits.
    var shown: Cell?
    /// `shown`'s representative point.
    var point: Coordinate?
    /// The cells entered since `shown`, in order; the last is `cell`.
    var entered: [Entry] = []
    private var lastOutput: Date?
    private let interval: Double

    /// Creates a coarsener.
    ///
    /// - Parameters:
    ///   - secret: The per-install secret; keep it across launches.
    ///   - configuration: How coarse and how often; sizes must be finite, `cellSize` positive, the others
    ///     not negative, and `maximumFixesPerHour` and `blockSize` at least 1.
    public init(secret: Secret, configuration: Configuration = .default) {
        let sizes = [configuration.minimumDistance, configuration.offsetSpread, configuration.hysteresis]
        precondition(configuration.cellSize > 0 && configuration.cellSize.isFinite, "cellSize must be positive")
        precondition(sizes.allSatisfy { $0 >= 0 && $0.isFinite }, "distances must be finite and not negative")
        precondition(configuration.maximumFixesPerHour >= 1, "maximumFixesPerHour must be at least 1")
        precondition(configuration.blockSize >= 1, "blockSize must be at least 1")
        precondition(
            [configuration.switchDistance, configuration.switchDelay].allSatisfy { $0 >= 0 && $0.isFinite },
            "switchDistance and switchDelay must be finite and not negative"
        )
        self.secret = secret
        self.configuration = configuration
        self.grid = Grid(secret: secret, configuration: configuration)
        self.horizontalAccuracy = Self.accuracy(for: configuration)
        self.interval = 3_600 / Double(configuration.maximumFixesPerHour)
    }

    /// Coarsens one raw fix.
    ///
    /// The fix always updates the cell (with hysteresis); a coarse fix comes out only when at least
    /// 3600 / `maximumFixesPerHour` seconds have passed since the last one, by fix timestamps. The
    /// first fix always comes out. Fixes with invalid coordinates are ignored; a timestamp earlier than
    /// the last output restarts the interval from it.
    ///
    /// - Parameter fix: A precise fix.
    /// - Returns: The coarse fix, or `nil` while the rate limit holds.
    public mutating func coarsen(_ fix: Location) -> Location? {
        guard fix.coordinate.isValid else { return nil }
        follow(fix)
        if let lastOutput {
            let elapsed = fix.timestamp.timeIntervalSince(lastOutput)
            if elapsed < 0 { self.lastOutput = fix.timestamp }
            if elapsed < interval { return nil }
        }
        lastOutput = fix.timestamp
        guard let point else { return nil }
        let accuracy = fix.horizontalAccuracy > horizontalAccuracy ? fix.horizontalAccuracy : horizontalAccuracy
        current = Location(coordinate: point, horizontalAccuracy: accuracy, timestamp: fix.timestamp)
        return current
    }

    /// The representative point of the cell holding a coordinate: no hysteresis, no rate limit.
    ///
    /// Used for visits. Out-of-range latitudes are clamped and longitudes wrapped; non-finite values
    /// read as 0.
    ///
    /// - Parameter coordinate: A precise coordinate.
    /// - Returns: The fixed point that stands for its cell.
    public func representative(for coordinate: Coordinate) -> Coordinate {
        let latitude = coordinate.latitude.isFinite ? min(max(coordinate.latitude, -90), 90) : 0
        var longitude = coordinate.longitude.isFinite ? coordinate.longitude : 0
        longitude -= 360 * (longitude / 360).rounded()
        return grid.representative(of: grid.cell(for: Coordinate(latitude: latitude, longitude: longitude)))
    }

    /// The approximate form of one fix, without hysteresis or rate limit: its cell's representative point, at
    /// least ``horizontalAccuracy``, the same time. For fixes that stand alone (significant changes, the last
    /// known location).
    ///
    /// - Parameter fix: A precise fix.
    /// - Returns: The approximate fix, or `nil` for an invalid coordinate.
    public func approximate(_ fix: Location) -> Location? {
        guard fix.coordinate.isValid else { return nil }
        let accuracy = fix.horizontalAccuracy > horizontalAccuracy ? fix.horizontalAccuracy : horizontalAccuracy
        return Location(
            coordinate: representative(for: fix.coordinate),
            horizontalAccuracy: accuracy,
            timestamp: fix.timestamp
        )
    }

    /// Forgets the current cell, the rate-limit state and ``current``, for instance after the grant changes.
    public mutating func reset() {
        (cell, shown, point, lastOutput, current) = (nil, nil, nil, nil, nil)
        entered = []
    }
}
