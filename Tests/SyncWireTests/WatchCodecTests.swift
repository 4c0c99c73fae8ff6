import Domain
import SyncWire
import Testing

/// The watch messages (type 15, subtypes 23 … 25: never tagged), the signed boot (26) and the outcome
/// signature (27) on the wire (docs/PROTOCOL.md, "Pairing messages"), and the watch exchange itself.
@Suite("Watch, signed boot and outcome signature codec")
struct WatchCodecTests {
    static let spectator = RunnerID(rawValue: 0x5EE)
    static let runner = RunnerID(rawValue: 0xA1)

    static func messages() throws -> [(RunnerID, PairingDTO)] {
        let spectatorKeys = DeviceKeys.generate(), runnerKeys = DeviceKeys.generate()
        let watch = SpectatorWatch(spectator: spectator, keys: spectatorKeys)
        let secrets = RaceSecrets.generate()
        let grant = try #require(WatchGrantor.grant(
            watch.request, spectator: spectator, runner: runner, invitation: 9, secrets: secrets, host: runnerKeys.identity, keys: runnerKeys
        ))
        return [
            (spectator, .watchRequest(watch.request)),
            (runner, .watchGrant(spectator: spectator, grant)),
            (runner, .watchRefusal(spectator: spectator, .notPaired)),
            (runner, .signedBoot(invitation: 9, runner: runner, epoch: 1_800_000_000_000_000, signature: [UInt8](repeating: 5, count: 64))),
            (runner, .outcomeSignature(invitation: 9, invitee: spectator, kind: 1, signature: [UInt8](repeating: 6, count: 64))),
        ]
    }

    @Test("each round-trips at its documented length; the watch messages go untagged even with a key, and a keyed peer takes them so")
    func roundTrips() throws {
        let key = RaceKey(spectatorOf: RaceSecrets.generate())
        for ((sender, pairing), length) in zip(try Self.messages(), [329, 329, 26, 101, 94]) {
            let datagram = SyncDatagram(sender: sender, sequence: 3, message: .pairing(pairing))
            let open = SyncDatagramCodec.encode(datagram)
            #expect(open.count == length)
            #expect(try SyncDatagramCodec.decode(open) == datagram)
            let keyed = SyncDatagramCodec.encode(datagram, key: key)
            let isWatch = length == 329 || length == 26
            #expect(keyed.count == length + (isWatch ? 0 : RaceKey.tagLength))
            #expect(try SyncDatagramCodec.decode(keyed, key: key) == datagram)
            if isWatch {
                // A tagged watch message is not one: refused.
                var tagged = open
                tagged[3] |= 0x08
                tagged += key.tag(for: tagged[...])
                #expect(throws: DatagramError.unexpectedTag) { try SyncDatagramCodec.decode(tagged, key: key) }
            } else {
                #expect(throws: DatagramError.missingTag) { try SyncDatagramCodec.decode(open, key: key) }
            }
        }
    }

    @Test("non-zero padding, a spectator id of 0 or the sender, an unknown refusal reason or outcome kind are refused")
    func rejections() throws {
        let messages = try Self.messages()
        var padded = SyncDatagramCodec.encode(SyncDatagram(sender: messages[0].0, sequence: 1, message: .pairing(messages[0].1)))
        padded[16 + 1 + 96 + 10] = 1
        #expect(throws: DatagramError.fieldOutOfRange("padding")) { try SyncDatagramCodec.decode(padded) }
        var refusal = SyncDatagramCodec.encode(SyncDatagram(sender: messages[2].0, sequence: 1, message: .pairing(messages[2].1)))
        refusal[25] = 9
        #expect(throws: DatagramError.fieldOutOfRange("reason")) { try SyncDatagramCodec.decode(refusal) }
        let toSelf = SyncDatagramCodec.encode(SyncDatagram(sender: Self.spectator, sequence: 1, message: .pairing(messages[2].1)))
        #expect(throws: DatagramError.fieldOutOfRange("runner")) { try SyncDatagramCodec.decode(toSelf) }
        var outcome = SyncDatagramCodec.encode(SyncDatagram(sender: messages[4].0, sequence: 1, message: .pairing(messages[4].1)))
        outcome[29] = 0
        #expect(throws: DatagramError.fieldOutOfRange("outcome")) { try SyncDatagramCodec.decode(outcome) }
    }

    @Test("a grant opens only with the request's ephemeral key, into the spectator key (not the race key), and not once tampered")
    func grantOpens() throws {
        let spectatorKeys = DeviceKeys.generate(), runnerKeys = DeviceKeys.generate()
        let watch = SpectatorWatch(spectator: Self.spectator, keys: spectatorKeys)
        #expect(watch.request.isValid(spectator: Self.spectator) && !watch.request.isValid(spectator: Self.runner))
        let secrets = RaceSecrets.generate()
        let grant = try #require(WatchGrantor.grant(
            watch.request, spectator: Self.spectator, runner: Self.runner, invitation: 9, secrets: secrets, host: runnerKeys.identity, keys: runnerKeys
        ))
        let key = try watch.open(grant, from: Self.runner)
        let probe: [UInt8] = [1, 2, 3]
        #expect(key.tag(for: probe[...]) == RaceKey(spectatorOf: secrets).tag(for: probe[...]))
        #expect(key.tag(for: probe[...]) != RaceKey(secrets: secrets).tag(for: probe[...]))
        // Another watch (another ephemeral key) cannot open it; a grant said to come from another runner fails its signature.
        let other = SpectatorWatch(spectator: Self.spectator, keys: spectatorKeys)
        #expect(throws: PairingError.badSignature("watch grant")) { try other.open(grant, from: Self.runner) }
        #expect(throws: PairingError.badSignature("watch grant")) { try watch.open(grant, from: Self.spectator) }
        var tampered = grant
        tampered.sealed[20] ^= 1
        #expect(throws: PairingError.badSignature("watch grant")) { try watch.open(tampered, from: Self.runner) }
    }
}
