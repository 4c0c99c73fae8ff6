// The memory floor of docs/BENCHMARKS.md: the peak RSS of a Swift program that does next to nothing,
// built three ways by scripts/benchmark-efficiency:
//
//   swiftc -O scripts/lib/memory-floor.swift                     the language's runtime alone
//   swiftc -O -D ESSENTIALS scripts/lib/memory-floor.swift       + FoundationEssentials (swift-crypto 4)
//   swiftc -O -D FOUNDATION scripts/lib/memory-floor.swift       + Foundation (what GRDB 7, swift-crypto 3
//                                                                  and FoundationXML import)
//
// The Foundation builds encode one small value with JSONEncoder and read the clock (what every program
// that imports it does at least); all three print their own VmHWM (KiB) from /proc/self/status.
#if FOUNDATION
import Foundation
#elseif ESSENTIALS
import FoundationEssentials
#endif
#if canImport(Glibc)
import Glibc
#endif

#if FOUNDATION || ESSENTIALS
struct Sample: Codable {
    var distance: Double
    var at: Date
}
let encoded = (try? JSONEncoder().encode(Sample(distance: 1, at: Date())))?.count ?? 0
guard encoded > 0 else { exit(70) }
#endif

/// The peak resident set of this process in KiB, from /proc/self/status; 0 when it cannot be read.
func peakKiB() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(cString: line)
        if text.hasPrefix("VmHWM:") {
            return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0
        }
    }
    return 0
}
print(peakKiB())
