import Domain

/// An invitation as the wire carries it (type 7). Instants travel as delays from the moment of sending,
/// so that peers whose clocks disagree (or run at other speed-ups) still agree within the one-way latency.
package struct InvitationDTO: Sendable, Hashable {
    /// Chosen by the host.
    package var id: UInt32
    /// Mode and goal.
    package var terms: RaceTerms
    /// Milliseconds left to answer when sent (race clock), 1 … 600 000.
    package var answerWithinMilliseconds: UInt32
    /// The invitees, 1 … 8, distinct, lowest id first.
    package var invitees: [RunnerID]
    /// The host's name.
    package var hostName: String
    /// With a course (`terms.course`, header flag bit 0): its title, total length and point count.
    package var course: CourseListing?

    /// The longest time an invitation stays open: 10 minutes.
    package static let maximumAnswerMilliseconds: UInt32 = 600_000

    /// An invitation as sent.
    package init(
        id: UInt32, terms: RaceTerms, answerWithinMilliseconds: UInt32, invitees: [RunnerID], hostName: String,
        course: CourseListing? = nil
    ) {
        self.course = terms.course == nil ? nil : course
        self.id = id
        self.terms = terms
        self.answerWithinMilliseconds = answerWithinMilliseconds
        self.invitees = invitees
        self.hostName = hostName
    }
}
