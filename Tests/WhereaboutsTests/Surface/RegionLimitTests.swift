import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 11: region monitoring's limits.
@Suite(.timeLimit(.minutes(5))) struct RegionLimitTests {
    static func region(_ number: Int, radius: Double = 100) -> Region {
        Region(
            identifier: "region-\(number)",
            center: Coordinate(latitude: 48.8 + Double(number) / 100, longitude: 2.3),
            radius: radius
        )
    }

    @Test("region monitoring: at most 20 regions; the 21st fails with regionMonitoringFailure naming the limit")
    func twentyFirstRegionFails() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        for number in 1...20 { try await harness.client.startMonitoring(Self.region(number)) }
        let error = try await #require(throws: LocationError.self) {
            try await harness.client.startMonitoring(Self.region(21))
        }
        #expect(error.code == .regionMonitoringFailure)
        #expect(error.description.contains("20 regions"))
        #expect(await harness.client.monitoredRegions().count == 20)
        // Replacing one already monitored is not a 21st.
        try await harness.client.startMonitoring(Self.region(5, radius: 300))
        await harness.client.stopMonitoring(Self.region(1))
        try await harness.client.startMonitoring(Self.region(21))
        #expect(await harness.client.monitoredRegions().count == 20)
    }

    @Test("monitoredRegions survive an app relaunch: the consent store keeps them")
    func monitoredRegionsSurviveARelaunch() async throws {
        let store = InMemoryConsentStore()
        let first = await EngineHarness(store: store)
        await first.authorize(precise: true)
        try await first.client.startMonitoring(Self.region(1))
        try await first.client.startMonitoring(Self.region(2))
        await first.engine.handle(.terminate)
        await first.engine.flush()
        let relaunched = await EngineHarness(store: store)
        #expect(await relaunched.client.monitoredRegions() == [Self.region(1), Self.region(2)])
        #expect(await store.grant(for: "com.example.test")?.monitoredRegions.count == 2)
    }

    @Test("maximumRegionMonitoringDistance is reported, and a larger radius is refused")
    func largerRadiusIsRefused() async throws {
        let harness = await EngineHarness(options: SimulatedOS.Options(maximumRegionMonitoringDistance: 5_000))
        await harness.authorize(precise: true)
        #expect(await harness.client.maximumRegionMonitoringDistance() == 5_000)
        try await harness.client.startMonitoring(Self.region(1, radius: 5_000))
        let error = try await #require(throws: LocationError.self) {
            try await harness.client.startMonitoring(Self.region(2, radius: 5_001))
        }
        #expect(error.code == .regionMonitoringFailure)
        #expect(error.description.contains("maximumRegionMonitoringDistance"))
        #expect(await harness.client.monitoredRegions() == [Self.region(1, radius: 5_000)])
    }
}
