extension SimulatedOS {
    /// How the simulated OS's condition monitors reproduce what apps that ship `CLMonitor` report of iOS: the state
    /// re-emitted when a monitor is opened after a launch, and the same crossing delivered more than once.
    ///
    /// ```swift
    /// let options = SimulatedOS.Options(monitorQuirks: .init(duplicateDeliveries: 2))   // each change thrice
    /// ```
    public struct MonitorQuirks: Hashable, Sendable {
        /// Whether the first opening of a monitor after a launch delivers each condition's last event again (as iOS
        /// does); `true` by default.
        public var reemitsStateAtLaunch: Bool
        /// How many more times each state change is delivered; 0 by default.
        public var duplicateDeliveries: Int

        /// Creates quirks.
        ///
        /// - Parameters:
        ///   - reemitsStateAtLaunch: Whether opening after a launch re-emits each condition's state.
        ///   - duplicateDeliveries: How many more times each state change is delivered.
        public init(reemitsStateAtLaunch: Bool = true, duplicateDeliveries: Int = 0) {
            self.reemitsStateAtLaunch = reemitsStateAtLaunch
            self.duplicateDeliveries = max(0, duplicateDeliveries)
        }
    }
}
