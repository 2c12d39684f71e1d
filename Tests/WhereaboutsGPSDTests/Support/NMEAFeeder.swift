import Foundation
import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that plays an ``NMEATrack`` to every client, as a GPS receiver
/// on the network would: gpsd reads it through a `tcp://` device.
///
/// One epoch goes out per `interval`, to every connected client at once, from one counter
/// that only moves forward, so a gpsd that is restarted (and connects anew) picks the track up
/// where it was and GPS time keeps increasing. No epoch is produced while nobody is connected.
/// Every epoch written is recorded, so a test can look up what gpsd should have reported for
/// a fix's timestamp.
///
/// ```swift
/// let feeder = try await NMEAFeeder.start()
/// let gpsd = try await GPSDProcess.start(feederPort: feeder.port)
/// // … read fixes from gpsd …
/// let epoch = try #require(feeder.epoch(at: fix.timestamp))
/// #expect(abs(fix.coordinate.latitude - epoch.latitude) < 1e-6)
/// await gpsd.stop()
/// await feeder.stop()
/// ```
final class NMEAFeeder: Sendable {
    /// The port the server listens on.
    let port: Int
    /// The track it plays.
    let track: NMEATrack
    private let hub: Hub
    private let server: any Channel
    private let ticker: RepeatedTask

    private init(port: Int, track: NMEATrack, hub: Hub, server: any Channel, ticker: RepeatedTask) {
        self.port = port
        self.track = track
        self.hub = hub
        self.server = server
        self.ticker = ticker
    }

    /// Starts a feeder on a free loopback port.
    ///
    /// - Parameters:
    ///   - track: What to play.
    ///   - interval: Real time between epochs (each epoch is one second of GPS time).
    ///   - group: The event loops to run on; the shared singleton by default, so no thread is
    ///     left behind.
    /// - Returns: The running feeder.
    /// - Throws: When the port cannot be bound.
    static func start(
        track: NMEATrack = NMEATrack(),
        interval: TimeAmount = .milliseconds(100),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> NMEAFeeder {
        let hub = Hub(track: track)
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                hub.add(channel)
                channel.closeFuture.whenComplete { _ in hub.remove(channel) }
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = server.localAddress?.port else {
            try? await server.close().get()
            throw FeederError(description: "the feeder's server socket has no local port")
        }
        let ticker = server.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            hub.tick()
        }
        return NMEAFeeder(port: port, track: track, hub: hub, server: server, ticker: ticker)
    }

    /// Stops writing, closes every client connection and the server.
    func stop() async {
        ticker.cancel()
        for channel in hub.stop() {
            try? await channel.close().get()
        }
        try? await server.close().get()
    }

    /// The epochs written so far, in order.
    var sentEpochs: [NMEATrack.Epoch] { hub.sentEpochs }

    /// How many epochs have been written so far.
    var sentCount: Int { hub.sentCount }

    /// How many connections the server has accepted (one per gpsd start).
    var connections: Int { hub.connections }

    /// The epoch written with this time, if one was.
    ///
    /// - Parameter time: A fix's timestamp.
    /// - Returns: The epoch, when the time is one the feeder wrote.
    func epoch(at time: Date) -> NMEATrack.Epoch? {
        guard let index = track.index(at: time) else { return nil }
        return hub.epoch(index)
    }
}

/// What went wrong setting up the feeder.
struct FeederError: Error, CustomStringConvertible {
    var description: String
}

extension NMEAFeeder {
    /// The connected clients, the epoch counter and the record of epochs written.
    private final class Hub: @unchecked Sendable {
        // @unchecked: every stored property is guarded by `lock`; it is touched from the event
        // loops of the server and of each client.
        private let lock = NSLock()
        private let track: NMEATrack
        private var clients: [ObjectIdentifier: any Channel] = [:]
        private var next = 0
        private var sent: [NMEATrack.Epoch] = []
        private var accepted = 0
        private var stopped = false

        init(track: NMEATrack) {
            self.track = track
        }

        func add(_ channel: any Channel) {
            let refused = lock.withLock {
                guard !stopped else { return true }
                clients[ObjectIdentifier(channel)] = channel
                accepted += 1
                return false
            }
            if refused { channel.close(promise: nil) }
        }

        func remove(_ channel: any Channel) {
            lock.withLock { clients[ObjectIdentifier(channel)] = nil }
        }

        /// Writes the next epoch to every client, if any is connected.
        func tick() {
            let (epoch, channels) = lock.withLock { () -> (NMEATrack.Epoch?, [any Channel]) in
                guard !stopped, !clients.isEmpty else { return (nil, []) }
                let epoch = track.epoch(next)
                next += 1
                sent.append(epoch)
                return (epoch, Array(clients.values))
            }
            guard let epoch else { return }
            for channel in channels {
                channel.writeAndFlush(ByteBuffer(string: epoch.sentences), promise: nil)
            }
        }

        /// Stops accepting and writing; returns the clients to close.
        func stop() -> [any Channel] {
            lock.withLock {
                stopped = true
                defer { clients.removeAll() }
                return Array(clients.values)
            }
        }

        var sentEpochs: [NMEATrack.Epoch] { lock.withLock { sent } }
        var sentCount: Int { lock.withLock { sent.count } }
        var connections: Int { lock.withLock { accepted } }

        func epoch(_ index: Int) -> NMEATrack.Epoch? {
            lock.withLock { sent.indices.contains(index) ? sent[index] : nil }
        }
    }
}
