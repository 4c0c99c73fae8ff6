import Domain
import Foundation
import Logging
import Synchronization

/// What a phone source does with each request, apart from sockets: the rate bound, credentials, the
/// app's format, the timeline (`PhoneFixTimeline`), and the counts of what it refused
/// (`PhoneSourceStatistics`). Every refusal is counted and logged: the first of each reason as a
/// warning, later ones at debug level.
public final class PhoneIngest: Sendable {
    public let spec: PhoneSourceSpec
    public let credentials: PhoneCredentials
    private let decoder: OwnTracksDecoder
    private let logger: Logger
    private let state: Mutex<State>
    private let born = ContinuousClock.now

    private struct State {
        var timeline = PhoneFixTimeline(start: .distantFuture)
        var statistics = PhoneSourceStatistics()
        var rate = RequestRateLimit()
        var friends = Data("[]".utf8)
        var lastAccuracy: Double?
        var lastMode = 0
    }

    /// The ingest of `spec`'s app, checking `credentials` (and with `spec.encrypted`, opening with the
    /// credentials' encryption key and refusing plaintext).
    public init(spec: PhoneSourceSpec, credentials: PhoneCredentials, logger: Logger) {
        self.spec = spec
        self.credentials = credentials
        self.decoder = OwnTracksDecoder(
            cipher: spec.encrypted ? OwnTracksCipher(passphrase: credentials.encryptionKey) : nil)
        self.logger = logger
        self.state = Mutex(State())
    }

    /// Real seconds since this ingest was made (monotonic): what `handle` and `release` take.
    public var monotonicNow: Double {
        let elapsed = ContinuousClock.now - born
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Fixes count from race time `start` on (the run's start); earlier ones are `beforeStart`.
    public func begin(at start: Date) {
        state.withLock { $0.timeline.start = start }
    }

    /// What was taken and refused so far.
    public var statistics: PhoneSourceStatistics { state.withLock { $0.statistics } }

    /// The OwnTracks reply from now on: a JSON array of `card` and `location` objects (the mates).
    public func show(friends json: Data) {
        state.withLock { $0.friends = json }
    }

    /// The answer to `request`, arrived at race time `now` and `monotonic` real seconds (for the rate
    /// bound and the timeline's waits).
    /// Credentials come first: a stranger's requests never spend the phone's rate (else wrong passwords
    /// alone would keep the real phone out with 429s).
    public func handle(_ request: PhoneRequest, at now: Date, monotonic: Double) -> PhoneResponse {
        if let refusal = unauthorized(request) { return refusal }
        guard state.withLock({ $0.rate.admit(at: monotonic) }) else {
            refuse(.rateLimited, request)
            return .text(429, "too many requests: slow down", headers: ["retry-after": "1"])
        }
        switch spec.app {
        case .ownTracks: return ownTracks(request, at: now, wall: monotonic)
        case .traccar: return traccar(request, at: now, wall: monotonic)
        case .ownTracksBroker: return .text(404, "not here: this runner's phone publishes to the MQTT broker")
        }
    }

    /// The answer to a request for the wrong place or without the right credentials; nil when it may go on.
    private func unauthorized(_ request: PhoneRequest) -> PhoneResponse? {
        switch spec.app {
        case .ownTracks:
            guard request.path == "/owntracks" else { return .text(404, "not here: OwnTracks posts to /owntracks") }
            guard credentials.authorizes(basic: request.headers["authorization"]) else {
                refuse(.unauthorized, request)
                return .text(
                    401, "wrong user or password",
                    headers: ["www-authenticate": #"Basic realm="materunner", charset="UTF-8""#])
            }
        case .traccar:
            let token = request.path.hasPrefix("/traccar/") ? request.path.dropFirst("/traccar/".count) : nil
            guard let token, PhoneCredentials.matches(token, credentials.token) else {
                refuse(.unauthorized, request)
                return .text(401, "unknown server URL: use the one the runner's QR code gives")
            }
        case .ownTracksBroker:
            break
        }
        return nil
    }

    /// A body over the limit, refused before it was read whole.
    public func refuseTooLarge(_ request: PhoneRequest, declared: Int?) -> PhoneResponse {
        refuse(.tooLarge, request, detail: declared.map { "\($0) bytes" })
        return .text(413, "body too large: one position is a few hundred bytes")
    }

    /// The fixes due at `monotonic` real seconds, in time order (`PhoneFixTimeline.release`).
    public func release(monotonic: Double) -> [Fix] {
        let (fixes, refused) = state.withLock { $0.timeline.release(wall: monotonic) }
        for reason in refused { count(reason, detail: nil, peer: nil) }
        return fixes
    }

    /// When (monotonic real seconds) `release` has something, at the latest.
    public var nextRelease: Double? { state.withLock { $0.timeline.nextRelease } }

    /// The status the latest position makes: its fix mode and accuracy, like a GPS fix's.
    public var status: PositionStatus {
        state.withLock { state in
            let source: PositionStatus.Source = spec.app == .traccar ? .traccar : .owntracks
            guard state.statistics.positions > 0 else { return PositionStatus(source: source, state: .connecting) }
            return PositionStatus(
                source: source, state: state.lastMode >= 3 ? .fix3D : .fix2D, accuracyMetres: state.lastAccuracy)
        }
    }

    // MARK: The apps

    private func ownTracks(_ request: PhoneRequest, at now: Date, wall: Double) -> PhoneResponse {
        guard request.method == "POST" else {
            return .text(405, "OwnTracks posts its messages", headers: ["allow": "POST"])
        }
        ownTracksPayload(request.body, from: request.peer, at: now, monotonic: wall)
        // Refused or not, the app may drop the message: a 2xx only says it arrived (else it retries forever).
        return .json(state.withLock { $0.friends })
    }

    private func traccar(_ request: PhoneRequest, at now: Date, wall: Double) -> PhoneResponse {
        for result in TraccarReport.positions(
            query: request.query, body: request.body, contentType: request.headers["content-type"])
        {
            switch result {
            case .success(let position)
            where position.device.map({ PhoneCredentials.matches($0, credentials.device) }) != true:
                refuse(.unauthorized, request, detail: "device \(LogSafe.escape(position.device ?? "none"))")
                return .text(401, "unknown device id")
            case .success(let position): take(position, request, at: now, wall: wall)
            case .failure(let reason): refuse(reason, request)
            }
        }
        return .text(200, "ok")
    }

    // MARK: Taking and refusing

    /// One OwnTracks payload, however it came (an HTTP POST once authorized; an MQTT message on the
    /// runner's topic, for the broker transport), arrived at race time `now` and `monotonic` real
    /// seconds: decoded (opened with the key when keyed), taken onto the timeline, or refused and counted.
    /// Returns whether it was taken.
    @discardableResult
    public func ownTracksPayload(_ payload: Data, from peer: String, at now: Date, monotonic: Double) -> Bool {
        let request = PhoneRequest(method: "MESSAGE", target: "", peer: peer)
        do {
            return take(try decoder.position(in: payload), request, at: now, wall: monotonic)
        } catch {
            refuse(error, request)
            return false
        }
    }

    /// One MQTT message on the phone's topic (`owntracks:USER/DEVICE`), arrived at race time `now`: a
    /// retained one (the broker's copy of a location from before this run) is skipped and counted, one
    /// over `PhoneHTTPServer.maximumBody` is `tooLarge`, one beyond the rate bound `rateLimited` (the
    /// broker's access rules are its credentials); the rest goes as `ownTracksPayload`.
    @discardableResult
    public func brokerMessage(_ payload: [UInt8], retained: Bool, topic: String, at now: Date, monotonic: Double)
        -> Bool
    {
        let request = PhoneRequest(method: "MESSAGE", target: "", peer: "mqtt \(LogSafe.escape(topic))")
        if retained {
            refuse(.retained, request)
            return false
        }
        guard payload.count <= PhoneHTTPServer.maximumBody else {
            refuse(.tooLarge, request, detail: "\(payload.count) bytes")
            return false
        }
        guard state.withLock({ $0.rate.admit(at: monotonic) }) else {
            refuse(.rateLimited, request)
            return false
        }
        return ownTracksPayload(Data(payload), from: request.peer, at: now, monotonic: monotonic)
    }

    @discardableResult
    private func take(_ position: PhonePosition, _ request: PhoneRequest, at now: Date, wall: Double) -> Bool {
        let duplicate = state.withLock { state -> Bool in
            do { try state.timeline.receive(position.report, at: now, wall: wall) } catch { return true }
            state.statistics.positions += 1
            state.lastAccuracy = position.report.horizontalError
            state.lastMode = position.report.mode
            return false
        }
        if duplicate { count(.duplicate, detail: nil, peer: request.peer) }
        return !duplicate
    }

    private func refuse(_ reason: PhoneRefusal, _ request: PhoneRequest, detail: String? = nil) {
        count(reason, detail: detail, peer: request.peer)
    }

    private func count(_ reason: PhoneRefusal, detail: String?, peer: String?) {
        let total = state.withLock { state in
            state.statistics.refuse(reason)
            return state.statistics.refused[reason] ?? 0
        }
        let text =
            "\(spec.app.rawValue): refused (\(reason))\(detail.map { ": \($0)" } ?? "")"
            + "\(peer.map { " from \($0)" } ?? ""), \(total) so far"
        let message: Logger.Message = "\(text)"
        if total == 1, reason != .duplicate, reason != .notLocation, reason != .retained {
            logger.warning(message)
        } else {
            logger.debug(message)
        }
    }
}
