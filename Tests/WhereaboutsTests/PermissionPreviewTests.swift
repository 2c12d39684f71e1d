import Foundation
import Testing

@testable import Whereabouts

/// `LocationPermissionModel.preview(_:)` puts a model in each of the seven permission states from a simulated OS, at
/// once (a `#Preview` body cannot wait), and each state shows in WhereaboutsUI's views what its previews show:
/// `LocationExplanationView` when `screen == .explanation`, `LocationUnavailableView` for `.denied` (with Open
/// Settings), `.servicesOff` and `.restricted`, `RequestPreciseLocationButton` when `showsRequestPreciseButton`, and
/// `UserLocationIndicatorContent` drawing `indicator`.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct PermissionPreviewTests {
    /// What the map's indicator draws.
    enum Drawn: Equatable, Sendable, CustomStringConvertible {
        case nothing
        /// A circle as wide as the OS's approximate fixes are, not centred on the true position.
        case approximateCircle
        /// A dot at the true position, pointing along the heading.
        case dot(bearing: Double)

        var description: String {
            switch self {
            case .nothing: "nothing"
            case .approximateCircle: "an approximate circle"
            case .dot(let bearing): "a dot pointing to \(bearing)°"
            }
        }
    }

    /// What each view shows in a state.
    struct Shows: Sendable, CustomStringConvertible {
        let state: PermissionPreviewState
        let authorization: Authorization
        let screen: PermissionScreen
        let preciseButton: Bool
        let preciseFeatures: Bool
        let indicator: Drawn

        var description: String { "\(state)" }
    }

    nonisolated static let expected: [Shows] = [
        Shows(
            state: .notDetermined,
            authorization: Authorization(status: .notDetermined, accuracy: .fullAccuracy),
            screen: .explanation,
            preciseButton: false,
            preciseFeatures: false,
            indicator: .nothing
        ),
        Shows(
            state: .denied,
            authorization: Authorization(status: .denied, accuracy: .fullAccuracy),
            screen: .denied,
            preciseButton: false,
            preciseFeatures: false,
            indicator: .nothing
        ),
        Shows(
            state: .restricted,
            authorization: Authorization(status: .restricted, accuracy: .fullAccuracy),
            screen: .restricted,
            preciseButton: false,
            preciseFeatures: false,
            indicator: .nothing
        ),
        Shows(
            state: .servicesOff,
            authorization: Authorization(status: .denied, accuracy: .fullAccuracy, servicesEnabled: false),
            screen: .servicesOff,
            preciseButton: false,
            preciseFeatures: false,
            indicator: .nothing
        ),
        Shows(
            state: .approximate,
            authorization: Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy),
            screen: .hidden,
            preciseButton: true,
            preciseFeatures: false,
            indicator: .approximateCircle
        ),
        Shows(
            state: .precise,
            authorization: Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy),
            screen: .hidden,
            preciseButton: false,
            preciseFeatures: true,
            indicator: .dot(bearing: 53)
        ),
        Shows(
            state: .temporaryPrecise,
            authorization: Authorization(
                status: .authorizedWhenInUse,
                accuracy: .fullAccuracy,
                isFullAccuracyTemporary: true
            ),
            screen: .hidden,
            preciseButton: false,
            preciseFeatures: true,
            indicator: .dot(bearing: 53)
        ),
    ]

    /// What the model's indicator draws, checked against the previewed position.
    static func drawn(_ indicator: UserLocationIndicator) -> Drawn? {
        let position = PermissionPreviewState.position.coordinate
        switch indicator {
        case .hidden:
            return .nothing
        case .approximate(let center, let radius):
            // The OS's coarse fix: a representative point of the person's cell, not the position, kilometres wide.
            let coarse = Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)).horizontalAccuracy
            guard radius == coarse, center != position, center.distance(to: position) < 2 * coarse else { return nil }
            return .approximateCircle
        case .precise(let at, let bearing):
            guard at == position, let bearing else { return nil }
            return .dot(bearing: bearing)
        }
    }

    @Test("Every state of PermissionPreviewState has what each view shows stated once")
    func everyStateIsStated() {
        #expect(Self.expected.map(\.state) == PermissionPreviewState.allCases)
    }

    @Test(
        "Each previewed state shows the screen, the precise button, the precise features and the indicator its views draw",
        arguments: expected
    )
    func eachStateShowsWhatItsViewsDraw(_ shows: Shows) async {
        let model = LocationPermissionModel.preview(shows.state)

        #expect(model.authorization == shows.authorization)
        #expect(model.screen == shows.screen)
        #expect(model.screen.showsSettingsButton == (shows.state == .denied))
        #expect(model.showsRequestPreciseButton == shows.preciseButton)
        #expect(model.preciseFeaturesAvailable == shows.preciseFeatures)
        #expect(Self.drawn(model.indicator) == shows.indicator, "drew \(model.indicator)")
        // The model's first read is the simulated OS's own answer, not a value handed to the model. Read through the
        // client's location manager it has no "temporary" (Core Location reports none; the client logic knows it only
        // from the answer to its own request), so that flag is compared on the snapshot above.
        let read = await model.client.authorization()
        #expect(read.status == shows.authorization.status)
        #expect(read.accuracy == shows.authorization.accuracy)
        #expect(read.servicesEnabled == shows.authorization.servicesEnabled)
        #expect(await model.client.location() == model.location)
    }

    @Test("Without a purpose key the approximate state shows no precise button")
    func approximateWithoutPurposeKeyHidesThePreciseButton() {
        let model = LocationPermissionModel.preview(.approximate, purposeKey: nil)

        #expect(!model.showsRequestPreciseButton)
        #expect(Self.drawn(model.indicator) == .approximateCircle)
    }

    @Test("The previewed person allows: Continue on the explanation leads to precise location, with a dot")
    func continueOnTheExplanationAllowsPreciseLocation() async {
        let model = LocationPermissionModel.preview(.notDetermined)

        await model.requestPermission()

        #expect(model.authorization == Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy))
        #expect(model.screen == .hidden)
        #expect(model.preciseFeaturesAvailable)
    }

    @Test("The previewed person allows: Request Precise Location under approximate leads to temporary precise")
    func requestPreciseAllowsTemporaryPrecise() async {
        let model = LocationPermissionModel.preview(.approximate)

        await model.requestPrecise()

        #expect(
            model.authorization
                == Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy, isFullAccuracyTemporary: true)
        )
        #expect(!model.showsRequestPreciseButton)
    }

    @Test("The course bearing source points the dot along the previewed course")
    func courseBearingSourcePointsAlongTheCourse() {
        let model = LocationPermissionModel.preview(.precise, bearingSource: .course)

        #expect(model.indicator == .precise(PermissionPreviewState.position.coordinate, bearing: 90))
    }
}
