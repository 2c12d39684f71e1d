/// The gpsd JSON protocol's well-known TCP port, 2947.
///
/// ``GPSDSource`` connects here unless told otherwise, and a `gpsd://HOST` URL without a port
/// means this one.
public let gpsdDefaultPort = 2947
