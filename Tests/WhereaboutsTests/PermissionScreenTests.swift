import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What each of WhereaboutsUI's views shows in each state of the app's authorization, as the model decides it: the
/// explanation (`LocationExplanationView`, shown when `screen == .explanation`), the screens of a location that is
/// off (`LocationUnavailableView`: `.denied`, `.servicesOff`, `.restricted`, with the Settings button only when
/// `showsSettingsButton`), "Request Precise Location" (`RequestPreciseLocationButton`, shown when
/// `showsRequestPreciseButton`) and the map's indicator (`UserLocationIndicatorContent`, drawing `indicator`).
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct PermissionScreenTests {
    static let paris = Coordinate(latitude: 48.8584, longitude: 2.2945)
    static let heading = Heading(magneticHeading: 40, trueHeading: 53, headingAccuracy: 5, timestamp: .distantPast)

    /// A model of an app whose client reports `authorization`, after a fix of the given accuracy (course 90°) and a
    /// heading (true 53°) arrived.
    static func model(_ authorization: Authorization, fixAccuracy: Double = 5) -> LocationPermissionModel {
        var client = LocationClient.unimplemented()
        client.authorizationSnapshot = { authorization }
        let model = LocationPermissionModel(client: client, purposeKey: "Navigation")
        let fix = Location(
            coordinate: paris,
            horizontalAccuracy: fixAccuracy,
            course: 90,
            timestamp: Date(timeIntervalSince1970: 1_767_225_600)
        )
        model.apply(LocationUpdate(location: fix, diagnostics: [], authorization: authorization))
        model.apply(heading)
        return model
    }

    @Test(
        "Not determined: the explanation with its two buttons, no other screen, no precise button, nothing on the map"
    )
    func notDeterminedShowsTheExplanation() {
        let model = Self.model(Authorization(status: .notDetermined, accuracy: .fullAccuracy))

        #expect(model.screen == .explanation)
        #expect(!model.screen.showsSettingsButton)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.indicator == .hidden)
    }

    @Test("Not determined with the system prompt up: no screen at all, so nothing shows behind the prompt")
    func notDeterminedWhileThePromptIsUpShowsNothing() {
        #expect(
            PermissionScreen(
                authorization: Authorization(status: .notDetermined, accuracy: .fullAccuracy),
                isAwaitingAnswer: true
            ) == .hidden
        )
        #expect(PermissionScreen(authorization: nil, isAwaitingAnswer: false) == .hidden)
    }

    @Test("Denied: what is lost and the button to the app's page in Settings; no precise button, nothing on the map")
    func deniedShowsTheWayToSettings() {
        let model = Self.model(Authorization(status: .denied, accuracy: .fullAccuracy))

        #expect(model.screen == .denied)
        #expect(model.screen.showsSettingsButton)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.indicator == .hidden)
    }

    @Test("Restricted: the restricted screen with no button; no precise button, nothing on the map")
    func restrictedShowsNoButton() {
        let model = Self.model(Authorization(status: .restricted, accuracy: .fullAccuracy))

        #expect(model.screen == .restricted)
        #expect(!model.screen.showsSettingsButton)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.indicator == .hidden)
    }

    @Test("Services off: where to turn Location Services on, and no button (the app's page cannot turn them on)")
    func servicesOffSaysWhereToTurnThemOn() {
        let model = Self.model(Authorization(status: .denied, accuracy: .fullAccuracy, servicesEnabled: false))

        #expect(model.screen == .servicesOff)
        #expect(!model.screen.showsSettingsButton)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.indicator == .hidden)
    }

    @Test("Approximate: no permission screen, the precise button, and a circle of the fix's accuracy on the map")
    func approximateShowsThePreciseButtonAndACircle() {
        let model = Self.model(
            Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy),
            fixAccuracy: 5_170
        )

        #expect(model.screen == .hidden)
        #expect(model.showsRequestPreciseButton)
        #expect(!model.preciseFeaturesAvailable)
        #expect(model.indicator == .approximate(Self.paris, radius: 5_170))
    }

    @Test("Precise: no permission screen, no precise button, and a dot pointing where the heading does")
    func preciseShowsADotWithItsHeading() {
        let model = Self.model(Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy))

        #expect(model.screen == .hidden)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.preciseFeaturesAvailable)
        #expect(model.indicator == .precise(Self.paris, bearing: 53))
    }

    @Test("Temporary precise: as precise, no precise button (it is gone once granted) and a dot with the course")
    func temporaryPreciseHidesThePreciseButton() {
        let model = Self.model(
            Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy, isFullAccuracyTemporary: true)
        )
        model.bearingSource = .course

        #expect(model.screen == .hidden)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.preciseFeaturesAvailable)
        #expect(model.indicator == .precise(Self.paris, bearing: 90))
    }

    @Test("The explanation's purpose is the app's When In Use description, trimmed; missing or blank gives nil")
    func purposeStringIsTheWhenInUseDescription() {
        let key = UsageDescriptions.whenInUseKey
        #expect(
            LocationPermissionModel.purposeString(infoDictionary: [key: "  Shows the stations near you.\n"])
                == "Shows the stations near you."
        )
        #expect(LocationPermissionModel.purposeString(infoDictionary: [key: " \n"]) == nil)
        #expect(LocationPermissionModel.purposeString(infoDictionary: [key: 42]) == nil)
        #expect(LocationPermissionModel.purposeString(infoDictionary: [:]) == nil)
        #expect(LocationPermissionModel.purposeString(infoDictionary: nil) == nil)
    }
}
