import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What a device does that the adapter must not wait on forever (rule 0): launch the app in the background, cancel
/// an outstanding `requestLocation()` when updates start or stop, and block the thread that asks whether Location
/// Services are on.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientDeviceTests {
    @Test("After a background launch, When In Use completes at once as ignored (not in the foreground)")
    func backgroundLaunch() async throws {
        let harness = Harness(applicationState: .background)
        // iOS sends nothing here: an adapter that assumed the foreground would wait until the time limit.
        let outcome = try await harness.client.requestWhenInUseAuthorization()
        #expect(outcome.resolution == .ignored(.notInForeground))
        #expect(outcome.status == .notDetermined)
        #expect(harness.ios.calls.isEmpty)
        #expect(harness.ios.prompt == nil)
    }

    @Test(
        "Launched into the foreground (inactive while launching, or active), the request shows the prompt",
        arguments: [ApplicationState.inactive, .active]
    )
    func foregroundLaunch(state: ApplicationState) async throws {
        let harness = Harness(applicationState: state)
        let request = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.allowWhileUsing(precise: true))
        #expect(try await request.value.resolution == .answered(.allowWhileUsing(precise: true)))
    }

    @Test("A background launch, then the foreground: the request shows the prompt")
    func backgroundThenForeground() async throws {
        let harness = Harness(applicationState: .background)
        harness.ios.isForeground = true
        harness.adapter.appWillEnterForeground()
        harness.adapter.appDidBecomeActive()
        let request = Task { try await harness.client.requestWhenInUseAuthorization() }
        await harness.yield { harness.ios.prompt == .whenInUse }
        harness.ios.answer(.dontAllow)
        #expect(try await request.value.resolution == .answered(.dontAllow))
    }

    @Test("requestLocation() completes with a fix though live updates started and stopped while it waited")
    func requestLocationAcrossUpdates() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        let request = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.locationRequested }

        let consumer = Task {
            for try await _ in await harness.client.liveUpdates() {}
        }
        await harness.yield { harness.ios.isUpdatingLocation }
        #expect(!harness.ios.locationRequested)  // startUpdatingLocation() cancelled it inside Core Location
        consumer.cancel()
        await harness.yield { !harness.ios.isUpdatingLocation }

        // Core Location cancelled the first request again on stop; the adapter asked anew, so the fix arrives.
        #expect(harness.ios.calls.filter { $0 == "requestLocation" }.count == 2)
        #expect(harness.ios.locate(deviceFix(7)))
        #expect(try await request.value == deviceFix(7))
    }

    @Test("requestLocation() completes from live updates that started while it waited")
    func requestLocationServedByUpdates() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        let request = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.locationRequested }
        let consumer = Task {
            for try await _ in await harness.client.liveUpdates() {}
        }
        await harness.yield { harness.ios.isUpdatingLocation }
        #expect(harness.ios.locate(deviceFix(3)))
        #expect(try await request.value == deviceFix(3))
        consumer.cancel()
        await harness.yield { !harness.ios.isUpdatingLocation }
        #expect(harness.ios.calls.filter { $0 == "requestLocation" }.count == 1)  // nothing left to ask for
    }

    @Test("requestLocation() fails with locationUnavailable when the re-issued request finds no fix")
    func requestLocationErrorAfterStop() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        let request = Task { try await harness.client.requestLocation() }
        await harness.yield { harness.ios.locationRequested }
        let consumer = Task {
            for try await _ in await harness.client.liveUpdates() {}
        }
        await harness.yield { harness.ios.isUpdatingLocation }
        consumer.cancel()
        await harness.yield { !harness.ios.isUpdatingLocation }
        #expect(harness.ios.failToLocate())
        let error = await #expect(throws: LocationError.self) { try await request.value }
        #expect(error?.code == .locationUnavailable)
    }

    @Test("Whether Location Services are on is asked off the main actor (the check can block), before each request")
    func servicesCheckOffMain() async throws {
        let harness = Harness(status: .denied)
        harness.ios.servicesEnabled = false
        let outcome = try await harness.client.requestWhenInUseAuthorization()
        #expect(outcome.resolution == .ignored(.servicesDisabled))
        #expect(!harness.ios.servicesChecksLeftMainActorFree.isEmpty)
        #expect(!harness.ios.servicesChecksLeftMainActorFree.contains(false))
    }

    @Test("Location Services switched off: the authorization callback leads to a fresh check, and subscribers hear it")
    func servicesSwitchedOff() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var updates = await harness.client.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.servicesEnabled == true)
        harness.ios.servicesEnabled = false
        harness.ios.send(.didChangeAuthorization)
        // The status (denied) comes with the callback; whether services are on comes from the check that follows it.
        var update = await updates.next()
        while let seen = update, seen.servicesEnabled { update = await updates.next() }
        #expect(update == Authorization(status: .denied, accuracy: .fullAccuracy, servicesEnabled: false))
    }
}
