import CoreLocation

let generatedManager = CLLocationManager()

func generatedStart() {
    generatedManager.requestAlwaysAuthorization()
}
