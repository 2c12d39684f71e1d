#if WHEREABOUTS_LIVE_BEHAVIOUR
import CoreLocation
import Foundation
import WhereaboutsCoreLocation
import WhereaboutsTesting

@testable import Whereabouts

/// `LocationClient.live()` as an app gets it, over the runnable stand-ins of Apple's frameworks: the package's Core
/// Location bridge, unchanged, on a device whose OS is the test's simulated OS.
enum LiveClientHolder {
    /// Makes the device current and the live client's holder on it; the app's Info.plist holds the OS's
    /// declarations, so the client reads them as it does on a device.
    ///
    /// - Parameters:
    ///   - os: The simulated OS.
    ///   - source: Where the device's fixes come from.
    /// - Returns: The holder of the live client logic (its `CLLocationManager` is made on first use).
    @MainActor
    static func make(os: SimulatedOS, source: ScriptedSource) async -> ManagerClientHolder {
        // Each test is a new install, on which Always was never asked for.
        UserDefaults.standard.removeObject(forKey: "WhereaboutsAlwaysAuthorizationRequested")
        StandInDevice.current = await StandInDevice(os: os, source: source)
        return LocationClient.liveHolder(declarations: nil, infoDictionary: infoDictionary(of: os.declarations))
    }

    /// `LocationClient.live()` over the holder: every endpoint through it, and condition monitors on `CLMonitor`.
    ///
    /// - Parameters:
    ///   - holder: The holder ``make(os:source:)`` made.
    ///   - os: The simulated OS (the stand-in `CLMonitor` finds it on the device).
    ///   - source: Where the device's fixes come from.
    /// - Returns: The live client.
    @MainActor
    static func client(holder: ManagerClientHolder, os: SimulatedOS, source: ScriptedSource) -> LocationClient {
        LocationClient.live(holder: holder)
    }

    /// The Info.plist entries of these declarations.
    static func infoDictionary(of declarations: UsageDescriptions) -> [String: Any] {
        var info: [String: Any] = [:]
        if let whenInUse = declarations.whenInUse { info[UsageDescriptions.whenInUseKey] = whenInUse }
        if let always = declarations.always { info[UsageDescriptions.alwaysKey] = always }
        if !declarations.temporaryPurposes.isEmpty {
            info[UsageDescriptions.temporaryPurposesKey] = declarations.temporaryPurposes
        }
        if declarations.defaultAccuracyReduced { info[UsageDescriptions.defaultAccuracyReducedKey] = true }
        if !declarations.backgroundModes.isEmpty {
            info[UsageDescriptions.backgroundModesKey] = declarations.backgroundModes
        }
        if declarations.requiresExplicitServiceSession {
            info[UsageDescriptions.requireExplicitServiceSessionKey] = true
        }
        if let appName = declarations.appName { info[UsageDescriptions.displayNameKey] = appName }
        return info
    }
}
#endif
