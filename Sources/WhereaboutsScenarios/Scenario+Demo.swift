import Foundation

extension Scenario {
    /// The built-in scenario `whereabouts simulate` runs with no `--scenario`: the whole flow —
    /// the prompt, approximate fixes at a few an hour, temporary precise access, the background
    /// with and without a session, and a revocation in Settings.
    public static let demoJSON = #"""
        {
          "appID": "com.example.wayfinder",
          "info": {
            "CFBundleDisplayName": "Wayfinder",
            "NSLocationWhenInUseUsageDescription": "Wayfinder shows where you are on the map and finds places near you.",
            "NSLocationTemporaryUsageDescriptionDictionary": {
              "Navigation": "Turn-by-turn directions need your exact position."
            },
            "NSLocationDefaultAccuracyReduced": true,
            "UIBackgroundModes": ["location"]
          },
          "device": { "servicesEnabled": true, "restricted": false },
          "steps": [
            {"do": "requestWhenInUse"},
            {"expect": {"prompt": "whenInUse", "diagnostics": ["authorizationRequestInProgress"]}},
            {"person": "allowWhileUsing"},
            {"expect": {"status": "authorizedWhenInUse", "accuracy": "reduced", "prompt": "none", "result": "authorizedWhenInUse"}},
            {"fix": {"lat": 48.8584, "lon": 2.2945, "accuracy": 5, "speed": 1.4}},
            {"expect": {"delivered": 1, "lastFixPrecise": false, "diagnostics": ["accuracyLimited"]}},
            {"wait": {"seconds": 60}},
            {"fix": {"lat": 48.8590, "lon": 2.2960, "accuracy": 5}},
            {"expect": {"delivered": 1}},
            {"wait": {"seconds": 900}},
            {"fix": {"lat": 48.8606, "lon": 2.3376, "accuracy": 5}},
            {"expect": {"delivered": 2, "lastFixPrecise": false}},
            {"do": "requestTemporaryFullAccuracy", "purposeKey": "Navigation"},
            {"expect": {"prompt": "temporaryFullAccuracy"}},
            {"person": "allowPrecise"},
            {"expect": {"accuracy": "full", "result": "full"}},
            {"fix": {"lat": 48.8611, "lon": 2.3364, "accuracy": 5}},
            {"expect": {"delivered": 3, "lastFixPrecise": true}},
            {"do": "allowBackgroundUpdates"},
            {"do": "startBackgroundSession"},
            {"app": "background"},
            {"fix": {"lat": 48.8620, "lon": 2.3350, "accuracy": 5}},
            {"expect": {"delivered": 4, "lastFixPrecise": true, "accuracy": "full"}},
            {"do": "stopBackgroundSession"},
            {"expect": {"accuracy": "reduced", "diagnostics": ["insufficientlyInUse"]}},
            {"fix": {"lat": 48.8630, "lon": 2.3340, "accuracy": 5}},
            {"expect": {"delivered": 4}},
            {"app": "foreground"},
            {"settings": {"status": "denied"}},
            {"expect": {"status": "denied", "diagnostics": ["authorizationDenied"]}},
            {"fix": {"lat": 48.8640, "lon": 2.3330, "accuracy": 5}},
            {"expect": {"delivered": 4}},
            {"do": "requestWhenInUse"},
            {"expect": {"prompt": "none", "result": "denied"}}
          ]
        }
        """#

    /// ``demoJSON`` as a scenario.
    public static var demo: Scenario {
        // The text is part of the library and covered by tests, so it always parses.
        do {
            return try Scenario(data: Data(demoJSON.utf8), file: "built-in demo")
        } catch {
            preconditionFailure("the built-in demo scenario does not parse: \(error)")
        }
    }
}
