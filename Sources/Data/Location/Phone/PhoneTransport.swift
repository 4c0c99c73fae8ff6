/// What brings a phone app's messages to its `PhoneIngest`: the HTTP endpoint (`PhoneHTTPServer`)
/// today; an MQTT subscription to the runner's OwnTracks topic (calling `PhoneIngest.ownTracksPayload`)
/// plugs in the same way.
public protocol PhoneTransport: Sendable {
    /// Stops: no more messages.
    func close() async
}
