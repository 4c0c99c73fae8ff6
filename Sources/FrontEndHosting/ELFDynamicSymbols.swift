import Foundation

/// Whether an ELF shared library defines a dynamic symbol, read from the file's bytes: the file is
/// never `dlopen`ed, so none of its code (constructors included) runs. 64-bit little-endian ELF only
/// (every platform materunner builds on with ELF); anything else answers "cannot tell".
enum ELFDynamicSymbols {
    private static let sectionDynamicSymbols: UInt32 = 11 // SHT_DYNSYM
    private static let symbolEntrySize = 24 // sizeof(Elf64_Sym)
    private static let sectionHeaderSize = 64 // sizeof(Elf64_Shdr)

    /// True when the file at `path` defines the global or weak `symbol` in its dynamic symbol table,
    /// false when it is such a file and does not, nil when it cannot tell (unreadable, not a 64-bit
    /// little-endian ELF, or no section headers).
    static func defines(_ symbol: String, inFileAt path: String) -> Bool? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { defines(Array(symbol.utf8), in: $0) }
    }

    /// `defines(_:inFileAt:)` on the file's bytes. Every offset is checked against the buffer.
    static func defines(_ symbol: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool? {
        // e_ident: magic, ELFCLASS64 (2), ELFDATA2LSB (1).
        guard bytes.count >= 64, Array(bytes[0..<4]) == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1,
              let sectionsAt = int(bytes, 0x28, 8), let entrySize = int(bytes, 0x3A, 2), let count = int(bytes, 0x3C, 2),
              entrySize == sectionHeaderSize, count > 0 else { return nil }
        func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int)? {
            let base = sectionsAt + index * sectionHeaderSize
            guard index < count, let type = int(bytes, base + 4, 4), let offset = int(bytes, base + 0x18, 8),
                  let size = int(bytes, base + 0x20, 8), let link = int(bytes, base + 0x28, 4),
                  offset <= bytes.count, size <= bytes.count - offset else { return nil }
            return (UInt32(type), offset, size, link)
        }
        var sawTable = false
        for index in 0..<count {
            guard let table = section(index) else { return nil }
            guard table.type == sectionDynamicSymbols else { continue }
            sawTable = true
            guard let names = section(table.link) else { return nil }
            for entry in stride(from: table.offset, to: table.offset + table.size - symbolEntrySize + 1, by: symbolEntrySize) {
                guard let nameAt = int(bytes, entry, 4), let info = int(bytes, entry + 4, 1),
                      let sectionIndex = int(bytes, entry + 6, 2) else { return nil }
                let binding = info >> 4 // STB_GLOBAL 1, STB_WEAK 2
                guard sectionIndex != 0, binding == 1 || binding == 2, nameAt < names.size else { continue }
                if matches(symbol, bytes, at: names.offset + nameAt, end: names.offset + names.size) { return true }
            }
        }
        return sawTable ? false : nil
    }

    /// Whether the NUL-terminated string at `start` (before `end`) is `symbol`.
    private static func matches(_ symbol: [UInt8], _ bytes: UnsafeRawBufferPointer, at start: Int, end: Int) -> Bool {
        guard start + symbol.count < end, start + symbol.count < bytes.count else { return false }
        for (offset, byte) in symbol.enumerated() where bytes[start + offset] != byte { return false }
        return bytes[start + symbol.count] == 0
    }

    /// The little-endian unsigned integer of `width` bytes at `offset`, or nil past the end (or too large).
    private static func int(_ bytes: UnsafeRawBufferPointer, _ offset: Int, _ width: Int) -> Int? {
        guard offset >= 0, width <= 8, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for index in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value <= UInt64(Int.max / 2) ? Int(value) : nil
    }
}
