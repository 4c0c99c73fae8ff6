import Domain
import Foundation

/// `materunner mates`: this device's identity and the mates it paired with (like ssh's known_hosts),
/// listed as text or JSON lines, one forgotten by name, or one added by its identity text (checked
/// out of band, e.g. read aloud). Pairing itself happens in the lobby, by accepting with the code.
public struct MatesFlow: Sendable {
    /// What the flow is built from.
    public struct Dependency: Sendable {
        /// This device's identity.
        public var identity: any DeviceIdentityRepository
        /// The known mates.
        public var mates: any KnownMatesRepository
        /// Turns an identity text (`mr1:…`) into a checked identity; nil when it is not one.
        public var parseIdentity: @Sendable (String) -> MateIdentity?
        /// Where the lines go.
        public var output: LineOutput
        /// Now, for the date of a pairing added by hand.
        public var now: @Sendable () -> Date

        /// The flow's dependencies.
        public init(
            identity: any DeviceIdentityRepository, mates: any KnownMatesRepository,
            parseIdentity: @escaping @Sendable (String) -> MateIdentity?, output: LineOutput,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.identity = identity
            self.mates = mates
            self.parseIdentity = parseIdentity
            self.output = output
            self.now = now
        }
    }

    private let dependency: Dependency

    /// A flow over `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    /// This device's identity, then every known mate: a table, or one JSON object per line
    /// (`{"device":true,…}` first).
    public func list(json: Bool) throws(FlowError) {
        let (me, mates) = try load()
        if json {
            dependency.output.write(try MateLine.json(MateLine(device: me)))
            for mate in mates { dependency.output.write(try MateLine.json(MateLine(mate))) }
            return
        }
        dependency.output.write("this device: \(me.fingerprint)  \(me.text)")
        if mates.isEmpty {
            dependency.output.write("no known mates: accept an invitation after comparing its code to pair with its host")
            return
        }
        let width = max(4, mates.map(\.name.count).max() ?? 0)
        dependency.output.write("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  FINGERPRINT          PAIRED")
        for mate in mates {
            let name = mate.name.padding(toLength: width, withPad: " ", startingAt: 0)
            dependency.output.write("\(name)  \(mate.identity.fingerprint)  \(MateLine.date(mate.pairedAt))")
        }
    }

    /// Forgets every mate called `name`; a name nobody has is a usage error.
    public func forget(name: String) throws(FlowError) {
        let count: Int
        do { count = try dependency.mates.forget(name: name) } catch { throw FlowError(error, otherwise: .ioError) }
        guard count > 0 else { throw .usage("no known mate is called \(name): see `materunner mates` for the names") }
        dependency.output.write("forgot \(name)\(count > 1 ? " (\(count) identities)" : ""): the next invitation from \(name) asks to compare codes again")
    }

    /// Pairs with `name` by its identity text, checked by other means (`materunner mates` on its device).
    public func add(name: String, identity text: String) throws(FlowError) {
        guard let identity = dependency.parseIdentity(text) else {
            throw .usage("'\(text)' is not an identity: copy the mr1:… text that `materunner mates` prints on \(name)'s device")
        }
        do {
            _ = try Runner.validate(name: name)
            try dependency.mates.remember(KnownMate(name: name, identity: identity, pairedAt: dependency.now()))
        } catch let error as RunnerNameError {
            throw .usage("\(error)")
        } catch {
            throw FlowError(error, otherwise: .ioError)
        }
        dependency.output.write("paired with \(name) (\(identity.fingerprint))")
    }

    private func load() throws(FlowError) -> (MateIdentity, [KnownMate]) {
        do { return (try dependency.identity.identity(), try dependency.mates.all()) } catch { throw FlowError(error, otherwise: .ioError) }
    }
}
