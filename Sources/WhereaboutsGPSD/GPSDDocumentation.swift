/// The gpsd JSON protocol's well-known port.
public let gpsdDefaultPort = 2947
