// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

/// `kCLErrorDomain`.
public let kCLErrorDomain: String = "kCLErrorDomain"
