/// Frames as the host sends them (one compact JSON object each), for the web front-end's tests.
enum WebFrames {
    static func status(
        elapsed: Double, stage: String = "running", alice: Double, bob: Double, time: String = "2027-01-15T08:01:05.000Z"
    ) -> String {
        """
        {"elapsed":"00:\(Int(elapsed))","elapsed_s":\(elapsed),"goal":"1.00 km","goal_m":1000,"leader":"alice","message":"running to 1.00 km","mode":"race","runners":[\
        {"distance":"0.00 km","distance_m":\(alice),"id":"00000000000000a1","leader":true,"me":true,"name":"alice","progress":\(alice / 1000),"rank":1,"state":"running","time":"00:10","time_s":\(elapsed)},\
        {"distance":"0.00 km","distance_m":\(bob),"id":"00000000000000b2","leader":false,"me":false,"name":"bob","progress":\(bob / 1000),"rank":2,"state":"running","time":"00:10","time_s":\(elapsed)}],\
        "schema":1,"stage":"\(stage)","time":"\(time)","type":"status"}
        """
    }

    static func notice(_ message: String, time: String = "2027-01-15T08:01:05.000Z") -> String {
        #"{"level":"info","message":"\#(message)","schema":1,"time":"\#(time)","type":"notice"}"#
    }

    static func cheer(from: String, emoji: String = "👏") -> String {
        #"{"cheer":{"emoji":"\#(emoji)","from":"\#(from)","to":"alice"},"schema":1,"time":"2027-01-15T08:01:05.000Z","type":"cheer"}"#
    }

    static func countdown(_ left: Int) -> String {
        #"{"countdown":{"seconds_left":\#(left),"starts_at":"2027-01-15T08:00:03.000Z"},"schema":1,"time":"2027-01-15T08:00:00.000Z","type":"countdown"}"#
    }

    /// The joiner's wait line with `left` seconds left; 0: the frame that ends it.
    static func waiting(_ left: Int) -> String {
        left > 0
            ? #"{"message":"bob is waiting for an invitation: \#(left) s left","schema":1,"#
                + #""time":"2027-01-15T08:00:00.000Z","type":"waiting","#
                + #""waiting":{"seconds_left":\#(left),"until":"2027-01-15T08:01:00.000Z"}}"#
            : #"{"schema":1,"time":"2027-01-15T08:00:00.000Z","type":"waiting"}"#
    }

    static func invitation(id: String, expires: String, code: String = "123456") -> String {
        #"{"invitation":{"code":"\#(code)","expires":"\#(expires)","from":"alice","goal":"1.00 km","goal_m":1000,"id":"\#(id)","mode":"race","seconds_left":30},"schema":1,"time":"2027-01-15T08:00:00.000Z","type":"invitation"}"#
    }

    static let result = #"{"elapsed":"05:21","elapsed_s":321,"goal":"1.00 km","goal_m":1000,"message":"alice wins in 05:21","mode":"race","runners":[],"schema":1,"stage":"complete","time":"2027-01-15T08:06:00.000Z","type":"result"}"#

    static let course = #"{"course":{"digest":"ab12","length":"1.00 km","length_m":1000,"name":"Lake","points":[[46.0,14.0],[46.001,14.001],[46.002,14.0]]},"schema":1,"time":"2027-01-15T08:00:00.000Z","type":"course"}"#
}
