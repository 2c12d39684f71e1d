public import Whereabouts

extension GeofenceFile {
    /// A circle to report entering and leaving: an identifier, a centre and a radius, with no meaning to the
    /// operating system (it is the app's data; a monitor decides which fences the system watches).
    ///
    /// ```swift
    /// let depot = GeofenceFile.Fence(id: "depot", center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 200)
    /// depot.region.contains(Coordinate(latitude: 52.5201, longitude: 13.405))  // true
    /// ```
    public struct Fence: Hashable, Sendable {
        /// The app's name for the fence, unique in its file.
        public var id: String
        /// The centre of the circle.
        public var center: Coordinate
        /// The radius in metres, above 0.
        public var radius: Double
        /// Whether entering the fence is reported.
        public var notifyOnEntry: Bool
        /// Whether leaving the fence is reported.
        public var notifyOnExit: Bool

        /// Creates a fence.
        ///
        /// - Parameters:
        ///   - id: The app's name for the fence.
        ///   - center: The centre of the circle.
        ///   - radius: The radius in metres.
        ///   - notifyOnEntry: Whether entering is reported.
        ///   - notifyOnExit: Whether leaving is reported.
        public init(
            id: String,
            center: Coordinate,
            radius: Double,
            notifyOnEntry: Bool = true,
            notifyOnExit: Bool = true
        ) {
            self.id = id
            self.center = center
            self.radius = radius
            self.notifyOnEntry = notifyOnEntry
            self.notifyOnExit = notifyOnExit
        }

        /// The fence as a circular region the simulated OS or Core Location can monitor, with the same identifier.
        public var region: Region {
            Region(
                identifier: id,
                center: center,
                radius: radius,
                notifyOnEntry: notifyOnEntry,
                notifyOnExit: notifyOnExit
            )
        }
    }
}
