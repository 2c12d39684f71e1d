import CoreLocation
import XCTest

final class RecorderTests: XCTestCase {
    func testRecord() {
        CLLocationManager().requestAlwaysAuthorization()
    }
}
