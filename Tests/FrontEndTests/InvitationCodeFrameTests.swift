import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// The pairing code in the `invitation` frame: an optional field of schema 1 (absent for open invitations,
/// so older front-ends see the frame they know), and the text front-end's prompt showing it.
@Suite("Invitation frame: pairing code")
struct InvitationCodeFrameTests {
    @Test("code and paired are absent when unset and round-trip when set")
    func coding() throws {
        let plain = try #require(SampleFrames.invitation.invitation)
        let encoded = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!encoded.contains("code") && !encoded.contains("paired"))
        var coded = plain
        coded.code = "048213"
        let again = try JSONDecoder().decode(FrontEndInvitation.self, from: try JSONEncoder().encode(coded))
        #expect(again == coded && again.code == "048213" && again.paired == nil)
        let old = #"{"id":"1","from":"bob","mode":"race","goal":"1.00 km","goal_m":1000,"expires":"2027-01-15T08:00:10.000Z","seconds_left":10}"#
        #expect(try JSONDecoder().decode(FrontEndInvitation.self, from: Data(old.utf8)).code == nil)
    }

    @Test("the text front-end shows the code to compare, or that the host is paired")
    func textPrompt() throws {
        func render(_ invitation: FrontEndInvitation) throws -> String {
            var frame = SampleFrames.invitation
            frame.invitation = invitation
            let output = try CapturedOutput()
            let host = FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
            try host.load("text", options: FrontEndOptions(outputFD: output.fd, isTerminal: false, color: false, columns: 120))
            #expect(host.deliver(frame).isEmpty)
            host.shutdown()
            return try output.text()
        }
        var invitation = try #require(SampleFrames.invitation.invitation)
        invitation.code = "048213"
        #expect(try render(invitation).contains("bob invites you: race to 1.00 km (10 s to answer) code 048213: accept only if bob's screen shows it"))
        invitation.code = nil
        invitation.paired = true
        #expect(try render(invitation).contains("(10 s to answer) paired"))
        invitation.code = "048213"
        #expect(try render(invitation).contains("(10 s to answer) paired (code 048213)"))
        // The host's screen: an invitee's code to confirm, then whether it matched.
        var confirmation = try #require(SampleFrames.invitation.invitation)
        (confirmation.from, confirmation.invitee, confirmation.code) = ("alice", "bob", "482913")
        #expect(try render(confirmation).contains("bob's code: 482913 (10 s): accept only if bob's screen shows it"))
        confirmation.state = "declined"
        #expect(try render(confirmation).contains("bob's code: did not match, bob not admitted"))
        confirmation.state = "accepted"
        #expect(try render(confirmation).contains("bob's code: confirmed"))
        let encoded = String(decoding: try JSONEncoder().encode(confirmation), as: UTF8.self)
        #expect(encoded.contains(#""invitee":"bob""#))
    }
}
