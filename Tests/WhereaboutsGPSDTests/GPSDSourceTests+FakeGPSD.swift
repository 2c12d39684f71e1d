import Clocks
import Foundation
import NIOCore
import NIOPosix
import Testing
import Whereabouts

/// An in-process stand-in for gpsd: a TCP server on a free loopback port that reports what
/// clients do and sends what the test says.
final class FakeGPSD: @unchecked Sendable {
    // @unchecked: `connections` is only touched while holding `lock`; the rest is immutable.

    /// What a client did.
    enum Event: Equatable, Sendable {
        /// A client connected.
        case connected
        /// A client sent this line.
        case received(String)
        /// The client's connection closed (either side).
        case closed
    }

    /// The bound port.
    let port: Int
    /// Everything clients did, in order.
    let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let server: any Channel
    private let lock = NSLock()
    private var connections: [any Channel] = []

    private init(server: any Channel, events: AsyncStream<Event>, continuation: AsyncStream<Event>.Continuation) {
        self.server = server
        self.port = server.localAddress?.port ?? 0
        self.events = events
        self.continuation = continuation
    }

    /// Starts a server on 127.0.0.1 and an ephemeral port.
    static func start() async throws -> FakeGPSD {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let registry = Registry()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let lines = ByteToMessageHandler(NIOSplitLinesMessageDecoder(omittingEmptySubsequences: true))
                    try channel.pipeline.syncOperations.addHandler(lines)
                    let recorder = Recorder(continuation: continuation, registry: registry)
                    try channel.pipeline.syncOperations.addHandler(recorder)
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let fake = FakeGPSD(server: server, events: events, continuation: continuation)
        registry.fake = fake
        return fake
    }

    /// Sends text to every connected client, as is (end lines with `\r\n` as gpsd does).
    func send(_ text: String) async throws {
        for connection in lock.withLock({ connections }) {
            try await connection.writeAndFlush(ByteBuffer(string: text)).get()
        }
    }

    /// Sends lines, each ended with `\r\n`.
    func send(lines: [String]) async throws {
        try await send(lines.map { $0 + "\r\n" }.joined())
    }

    /// Closes every client connection (the clients see EOF), keeping the server listening.
    func closeConnections() async throws {
        for connection in lock.withLock({ connections }) {
            try await connection.close().get()
        }
    }

    /// Resets every client connection (SO_LINGER 0, then close: the clients see ECONNRESET).
    func resetConnections() async throws {
        for connection in lock.withLock({ connections }) {
            let provider = try #require(connection as? any SocketOptionProvider)
            try await provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            try await connection.close().get()
        }
    }

    /// Stops listening and closes every connection.
    func stop() async throws {
        try? await closeConnections()
        try await server.close().get()
        continuation.finish()
    }

    fileprivate func opened(_ channel: any Channel) {
        lock.withLock { connections.append(channel) }
    }

    fileprivate func closed(_ channel: any Channel) {
        lock.withLock { connections.removeAll { $0 === channel } }
    }

    /// Lets child channels find the fake, which exists only after the bind.
    private final class Registry: @unchecked Sendable {
        // @unchecked: `fake` is set once, before any client can connect to the port.
        weak var fake: FakeGPSD?
    }

    private final class Recorder: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        let continuation: AsyncStream<Event>.Continuation
        let registry: Registry

        init(continuation: AsyncStream<Event>.Continuation, registry: Registry) {
            self.continuation = continuation
            self.registry = registry
        }

        func channelActive(context: ChannelHandlerContext) {
            registry.fake?.opened(context.channel)
            continuation.yield(.connected)
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            continuation.yield(.received(String(buffer: unwrapInboundIn(data))))
        }

        func channelInactive(context: ChannelHandlerContext) {
            registry.fake?.closed(context.channel)
            continuation.yield(.closed)
            context.fireChannelInactive()
        }
    }
}

/// Collects a stream's events so a test can wait for them and check that no others came.
final class EventRecorder: @unchecked Sendable {
    // @unchecked: `events` and `waiters` are only touched while holding `lock`.
    private let lock = NSLock()
    private var events: [SourceEvent] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var task: Task<Void, Never>?

    /// Starts consuming `stream` in a task of its own.
    init(_ stream: AsyncThrowingStream<SourceEvent, any Error>) {
        let task = Task { [self] in
            do {
                for try await event in stream { append(event) }
            } catch {
                append(.unavailable("stream threw \(error)"))
            }
        }
        lock.withLock { self.task = task }
    }

    /// The events so far.
    var received: [SourceEvent] { lock.withLock { events } }

    /// Waits until at least `count` events arrived, and returns them all.
    @discardableResult
    func wait(for count: Int) async -> [SourceEvent] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock {
                if events.count >= count { return true }
                waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
        return received
    }

    /// Cancels the consuming task, as a consumer that stops listening.
    func cancel() {
        lock.withLock { task }?.cancel()
    }

    private func append(_ event: SourceEvent) {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            events.append(event)
            let ready = waiters.filter { $0.count <= events.count }.map(\.continuation)
            waiters.removeAll { $0.count <= events.count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}

/// Yields until `condition` holds, up to a generous number of times.
///
/// A poll, on purpose: the source's socket work runs on NIO's event loop threads, which no executor in the test
/// controls, so there is nothing to suspend on until it is done (the other waits in these tests suspend on the fake
/// server's events or the recorder's count).
///
/// - Returns: Whether the condition held.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<100_000 {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}

extension TestClock<Duration> {
    /// Whether a task sleeps on the clock (`checkSuspension()` throws when one does, after letting other tasks run).
    var hasSleepers: Bool {
        get async { (try? await checkSuspension()) == nil }
    }
}
