import AudioCues
import Testing

/// The small pieces: race-clock timestamps, tones, the words for numbers, the cue log's order.
@Suite("Cue pieces")
struct CueBitsTests {
    @Test("race-clock timestamps to seconds since 1970; anything else is nil")
    func instants() {
        #expect(RaceInstant.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(RaceInstant.seconds("2027-01-15T08:01:05.000Z") == 1_800_000_065)
        #expect(RaceInstant.seconds("2000-02-29T23:59:59.5Z") == 951_868_799.5)
        for bad in ["", "2027-01-15 08:01:05Z", "2027-13-15T08:01:05Z", "2027-01-15T08:01:05", "2027-01-15T08:01:05.Z", "yyyy-01-15T08:01:05Z"] {
            #expect(RaceInstant.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test("a beep is 0.15 s of 880 Hz at half scale, fading in and out; the start is longer and an octave higher")
    func tones() {
        let beep = Tone.beep.samples(sampleRate: 22_050)
        #expect(beep.count == 3308)
        #expect(beep.first == 0 && abs(Int(beep.last ?? 99)) < 100)
        #expect((15_000...16_000).contains(beep.map { abs(Int($0)) }.max() ?? 0))
        // Zero crossings count the frequency: 2 per period.
        let crossings = zip(beep, beep.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 2 * 880 * 15 / 100) <= 3)
        let start = Tone.start.samples(sampleRate: 22_050)
        #expect(start.count == 13_230)
        #expect(zip(start, start.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count > 4 * crossings)
    }

    @Test("English and German words for times, distances and places")
    func words() {
        let en = Phrases.of("en"), de = Phrases.of("de")
        #expect(en.split(metres: 2500, seconds: 3725, pace: 301, rank: 1, runners: 3)
            == "2.5 kilometres in 1 hour 2 minutes, pace 5 minutes 1 second per kilometre, 1st of 3")
        #expect(en.split(metres: 250, seconds: 59.6, pace: nil, rank: 12, runners: 13) == "250 metres in 1 minute, 12th of 13")
        #expect(en.youFinished(seconds: 3600, rank: 22, runners: 30) == "you finished 22nd of 30 in 1 hour")
        #expect(de.split(metres: 2500, seconds: 61, pace: 300, rank: 2, runners: 2)
            == "2,5 Kilometer in 1 Minute 1 Sekunde, Tempo 5 Minuten pro Kilometer, Platz 2 von 2")
        #expect(de.passedBy("bob") == "bob hat dich überholt")
    }

    @Test("the cue log writes lines in the order cues were made, each once its outcome is known")
    func logOrder() {
        var log = CueLog()
        let cue = { (sequence: Int) in Cue(sequence: sequence, kind: .split, time: "T\(sequence)", seconds: Double(sequence), text: "s\(sequence)") }
        #expect(log.settle(cue(1), .replaced).isEmpty)
        let lines = log.settle(cue(0), .played(start: 0.25, duration: 2.0004, cut: false))
        #expect(lines == [
            #"{"at_s":0,"duration_s":2,"kind":"split","outcome":"played","start_s":0.25,"text":"s0","time":"T0"}"# + "\n",
            #"{"at_s":1,"kind":"split","outcome":"replaced","text":"s1","time":"T1"}"# + "\n",
        ])
        #expect(log.settle(cue(2), .played(start: 3, duration: 1, cut: true)).first?.contains(#""outcome":"cut""#) == true)
    }
}
