import Data
import Testing

/// `--source owntracks-http...` and `--source traccar...` as the command line writes them.
@Suite("Phone source specs: owntracks-http[:[HOST:]PORT][:encrypted], traccar[:[HOST:]PORT]")
struct PhoneSourceSpecTests {
    @Test(
        "Accepted forms",
        arguments: [
            ("owntracks-http", PhoneSourceSpec(app: .ownTracks)),
            ("owntracks-http:8083", PhoneSourceSpec(app: .ownTracks, port: 8083)),
            (
                "owntracks-http:127.0.0.1:8083:encrypted",
                PhoneSourceSpec(app: .ownTracks, host: "127.0.0.1", port: 8083, encrypted: true)
            ),
            ("owntracks-http:encrypted", PhoneSourceSpec(app: .ownTracks, encrypted: true)),
            ("traccar", PhoneSourceSpec(app: .traccar)),
            ("traccar:10.0.0.2:5055", PhoneSourceSpec(app: .traccar, host: "10.0.0.2", port: 5055)),
            ("owntracks:mia/phone", PhoneSourceSpec.ownTracksBroker(user: "mia", device: "phone")),
            (
                "owntracks:mia/phone:encrypted",
                PhoneSourceSpec.ownTracksBroker(user: "mia", device: "phone", encrypted: true)
            ),
        ])
    func accepted(text: String, spec: PhoneSourceSpec) {
        #expect(LocationSourceSpec(parsing: text) == .phone(spec))
    }

    @Test(
        "Refused forms",
        arguments: [
            "owntracks", "owntracks-http:0", "owntracks-http:70000", "traccar:encrypted", "traccar:a:b:c",
            "traccar:host", "traccar::5055", "owntracks:mia", "owntracks:mia/", "owntracks:/phone", "owntracks:a/b/c",
            "owntracks:mia/+", "owntracks:#/phone", "owntracks:mia/phone:1883",
        ])
    func refused(text: String) {
        #expect(LocationSourceSpec(parsing: text) == nil)
    }

    @Test("OwnTracks over MQTT: the phone's topic, and the spec written back as given")
    func broker() {
        let spec = PhoneSourceSpec(parsing: "owntracks:mia/phone:encrypted")
        #expect(spec?.topic == "owntracks/mia/phone")
        #expect(spec?.description == "owntracks:mia/phone:encrypted")
    }

    @Test("Defaults: every address, ports 47480 (OwnTracks) and 47481 (Traccar)")
    func defaults() {
        #expect(PhoneSourceSpec(app: .ownTracks).port == 47480)
        #expect(PhoneSourceSpec(app: .traccar).host == "0.0.0.0")
        #expect(PhoneSourceSpec(app: .traccar).port == 47481)
    }
}
