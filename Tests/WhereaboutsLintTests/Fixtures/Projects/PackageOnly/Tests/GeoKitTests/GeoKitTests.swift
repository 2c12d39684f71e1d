import Testing
@testable import GeoKit

@Test func createsAProvider() {
    _ = LocationProvider()
}
