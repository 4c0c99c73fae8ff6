import CFuzzerDriver
import SyncWire

/// The executable's entry point (SwiftPM links `main` to `DatagramFuzzer_main`): hands the arguments to
/// libFuzzer's driver with the decoder as the target.
@_cdecl("DatagramFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzDatagram(data, size) }
}

/// libFuzzer entry point: every input is decoded as an open-race datagram, as a keyed one, and, with a
/// valid tag appended, as a keyed one whose body is then parsed. Decoding must either throw a
/// `DatagramError` or return a datagram that encodes back to exactly the input: anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDatagram(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(bytes, key: nil)
    check(bytes, key: FuzzKey.key)
    // Behind a valid tag (the fuzzer cannot forge one): set the authenticated bit and append the tag.
    if bytes.count > 3, let key = FuzzKey.key {
        var tagged = bytes
        tagged[3] |= 0x08
        tagged += key.tag(for: tagged[...])
        check(tagged, key: key)
    }
    return 0
}

private func check(_ bytes: [UInt8], key: RaceKey?) {
    guard let datagram = try? SyncDatagramCodec.decode(bytes, key: key) else { return }
    let again = SyncDatagramCodec.encode(datagram, key: key)
    precondition(again == bytes, "accepted a non-canonical datagram: \(bytes) re-encodes as \(again)")
}

/// The fixed key of the harness.
private enum FuzzKey {
    static let key = try? RaceKey(passphrase: "fuzz", raceID: "fuzz")
}
