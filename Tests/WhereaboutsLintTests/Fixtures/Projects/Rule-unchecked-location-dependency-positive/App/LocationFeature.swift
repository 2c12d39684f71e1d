import GeoTrailKit
import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        // The SDK asks for Always and records in the background itself.
        TrailRecorder.shared.requestPermission(background: true)
        return true
    }
}
