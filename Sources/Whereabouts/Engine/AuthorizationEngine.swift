/// The simulated OS's former name.
@available(*, deprecated, renamed: "SimulatedOS")
public typealias AuthorizationEngine = SimulatedOS
