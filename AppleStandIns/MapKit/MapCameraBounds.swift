// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `MapCameraBounds`: where a map's centre may go and how far the camera may zoom (only the type is used here, as
/// `Map`'s `bounds`; its three initialisers, by a region, a map rectangle or distances alone, are not declared).
public struct MapCameraBounds {}
