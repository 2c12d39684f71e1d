public import Observation

/// What a screen shows about location, derived from the client: the explanation before the
/// prompt, the way to Settings after a denial, the "Request Precise Location" button, and
/// whether precise-only features (an ETA) are available.
///
/// ```swift
/// let model = LocationPermissionModel(client: client, purposeKey: "Navigation")  // the authorization, at once
/// if model.showsPrePermissionExplanation { /* explain, then */ await model.requestPermission() }
/// if model.showsRequestPreciseButton { /* a button that calls */ await model.requestPrecise() }
/// ```
///
/// The model starts with the client's ``LocationClient/authorizationSnapshot`` (read in `init`, without
/// waiting), so its first frame shows the true authorization; ``refresh()`` and ``observeAuthorization()`` keep
/// it current.
///
/// In a test, drive it with a scripted client and read the derived values:
///
/// ```swift
/// model.apply(Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy))
/// #expect(model.showsRequestPreciseButton && !model.preciseFeaturesAvailable)
/// ```
@MainActor
@Observable
public final class LocationPermissionModel {
    /// The client the model reads and asks.
    @ObservationIgnored public let client: LocationClient
    /// The purpose key the "Request Precise Location" button asks with.
    @ObservationIgnored public let purposeKey: String?
    /// Where the indicator's arrow points from.
    public var bearingSource: UserLocationIndicator.BearingSource

    /// The app's authorization: the client's snapshot from `init`, then what ``refresh()``,
    /// ``observeAuthorization()`` and ``apply(_:)-(Authorization)`` bring.
    ///
    /// Never `nil` after `init` (the type stays optional for the code that reads it with `?.`).
    public private(set) var authorization: Authorization?
    /// The last location the app received.
    public private(set) var location: Location?
    /// The last heading the app received.
    public private(set) var heading: Heading?
    /// The last error from a request, for showing what to fix; cleared by the next success.
    public private(set) var lastError: LocationError?
    /// Whether the person declined temporary precise location this session.
    public private(set) var preciseDeclined = false
    /// Whether a request this model made waits for the person's answer: the system prompt is over the app.
    ///
    /// While it does, ``showsPrePermissionExplanation`` is false, so that a second tap or a second view asking at
    /// the same time never brings the explanation back behind the prompt.
    public var isAwaitingAnswer: Bool { requestsAwaitingAnswer > 0 }
    private var requestsAwaitingAnswer = 0

    /// Creates a model that starts with the client's authorization, without waiting.
    ///
    /// Reads ``LocationClient/authorizationSnapshot`` once, synchronously, as a `CLLocationManager`'s
    /// `authorizationStatus` reads: on the simulated client, the engine's (the kept grant from the moment the engine
    /// is made); on Core Location, the manager's.
    /// With `LocationClient.unimplemented()`, override `authorizationSnapshot`.
    ///
    /// - Parameters:
    ///   - client: The location client.
    ///   - purposeKey: The key of `NSLocationTemporaryUsageDescriptionDictionary` the precise
    ///     button uses; `nil` hides the button.
    ///   - bearingSource: Whether the indicator follows the heading or the course.
    public init(
        client: LocationClient,
        purposeKey: String? = nil,
        bearingSource: UserLocationIndicator.BearingSource = .heading
    ) {
        self.client = client
        self.purposeKey = purposeKey
        self.bearingSource = bearingSource
        self.authorization = client.authorizationSnapshot()
    }

    /// Whether to show the explanation that comes before the system prompt: the status is not determined and no
    /// request of this model waits for the person's answer (``isAwaitingAnswer``).
    public var showsPrePermissionExplanation: Bool {
        authorization?.status == .notDetermined && !isAwaitingAnswer
    }

    /// Whether to show an "Allow Location" button that starts the request.
    ///
    /// The button belongs where the app has not asked yet, so this is the same condition as
    /// ``showsPrePermissionExplanation``, under the name of the button a screen shows.
    public var showAllowLocationButton: Bool { showsPrePermissionExplanation }

    /// Whether location features are off: denied, restricted, not asked yet, services off, or not known yet.
    ///
    /// It is the opposite of "authorized" (When In Use or Always, precise or approximate), for a
    /// screen that greys out its location features; ``screen`` tells the off cases apart.
    public var locationIsDisabled: Bool { !(authorization?.status.isAuthorized ?? false) }

    /// Whether to show the way to the app's page in Settings: the person denied the app (``screen`` is
    /// ``PermissionScreen/denied``, whose ``PermissionScreen/showsSettingsButton`` is true).
    ///
    /// False when Location Services are off: the app reads `.denied` then too, but its page in Settings cannot turn
    /// them on, so ``screen`` is ``PermissionScreen/servicesOff``, whose message says where they are turned on.
    /// False when restricted, and before the system prompt.
    public var showsSettingsPrompt: Bool { screen.showsSettingsButton }

    /// What the way to Settings says, ``PermissionText/deniedMessage``, or `nil` when there is none to show (see
    /// ``showsSettingsPrompt``).
    ///
    /// For every screen's text, Location Services off and restricted included, read ``screen``'s
    /// ``PermissionScreen/title`` and ``PermissionScreen/message``.
    public var settingsMessage: String? { showsSettingsPrompt ? PermissionText.deniedMessage.defaultValue : nil }

    /// Whether location is restricted (parental controls): no prompt, no Settings button helps.
    public var isRestricted: Bool { authorization?.status == .restricted }

    /// Whether to show "Request Precise Location": authorized, approximate, and a purpose key given.
    public var showsRequestPreciseButton: Bool {
        guard let authorization, purposeKey != nil else { return false }
        return authorization.status.isAuthorized && authorization.accuracy == .reducedAccuracy
    }

    /// Whether features that need precise location (an ETA, turn-by-turn) are available.
    public var preciseFeaturesAvailable: Bool {
        guard let authorization else { return false }
        return authorization.status.isAuthorized && authorization.accuracy == .fullAccuracy
    }

    /// How to draw the user now.
    public var indicator: UserLocationIndicator {
        UserLocationIndicator(
            authorization: authorization,
            location: location,
            heading: heading,
            bearingSource: bearingSource
        )
    }

    /// Reads the authorization once from the client.
    public func refresh() async {
        apply(await client.authorization())
    }

    /// Follows the client's authorization until the calling task is cancelled.
    public func observeAuthorization() async {
        for await authorization in await client.authorizationUpdates() {
            apply(authorization)
        }
    }

    /// Takes an authorization, as from `authorizationUpdates`.
    ///
    /// - Parameter authorization: The new authorization.
    public func apply(_ authorization: Authorization) {
        // A location received at another accuracy must not be drawn under this one.
        if self.authorization?.accuracy != authorization.accuracy { location = nil }
        self.authorization = authorization
        if authorization.accuracy == .fullAccuracy { preciseDeclined = false }
        if !authorization.status.isAuthorized { location = nil }
    }

    /// Takes a live update: its authorization, and its location when it has one.
    ///
    /// - Parameter update: The update.
    public func apply(_ update: LocationUpdate) {
        apply(update.authorization)
        if let location = update.location { self.location = location }
    }

    /// Takes a heading.
    ///
    /// - Parameter heading: The heading.
    public func apply(_ heading: Heading) {
        self.heading = heading
    }

    /// Follows the client's live updates until the calling task is cancelled or the updates end, applying each
    /// one (its authorization, and its location when it has one), so that ``indicator`` follows the person.
    ///
    /// A screen with a map calls it in a `.task`, beside ``observeAuthorization()``:
    ///
    /// ```swift
    /// Map { UserLocationIndicatorContent(model: model) }
    ///     .task { await model.followLocation() }
    /// ```
    ///
    /// The updates go on while the app is not authorized (each says so, without a location), so a screen can follow
    /// from its first frame, before the person answers the prompt. Updates that end with an error set ``lastError``
    /// (cancelling the task does not); call it again to start new updates.
    public func followLocation() async {
        do {
            for try await update in await client.liveUpdates() {
                apply(update)
                lastError = nil
            }
        } catch {
            // Cancelling the task that follows is how a screen stops following, not an error to show.
            if !Task.isCancelled { lastError = error as? LocationError }
        }
    }

    /// Asks for When In Use authorization (after the pre-permission explanation).
    ///
    /// While the prompt is on screen ``isAwaitingAnswer`` is true; a second call meanwhile (a double tap, two views
    /// asking in `.task`) waits for the same answer.
    public func requestPermission() async {
        requestsAwaitingAnswer += 1
        defer { requestsAwaitingAnswer -= 1 }
        do {
            _ = try await client.requestWhenInUseAuthorization()
            lastError = nil
            await refresh()
        } catch {
            lastError = error as? LocationError
            await refresh()
        }
    }

    /// Asks for temporary precise location with ``purposeKey`` (the precise button's action).
    public func requestPrecise() async {
        guard let purposeKey else { return }
        requestsAwaitingAnswer += 1
        defer { requestsAwaitingAnswer -= 1 }
        do {
            let outcome = try await client.requestTemporaryFullAccuracy(purposeKey)
            lastError = nil
            preciseDeclined = outcome.resolution == .answered(.dontAllowPrecise)
            await refresh()
        } catch {
            lastError = error as? LocationError
        }
    }
}
