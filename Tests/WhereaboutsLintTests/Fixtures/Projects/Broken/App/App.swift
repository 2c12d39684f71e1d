import CoreLocation

let manager = CLLocationManager()
