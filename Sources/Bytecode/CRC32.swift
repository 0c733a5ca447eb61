// CRC-32 (IEEE 802.3, the polynomial of zlib, PNG and gzip) for the checksum that closes every .calb
// file. Table-driven, one byte per step: the files are small and read once, so the 8 KiB
// slicing-by-8 tables would buy nothing; and the Bytecode module stays free of C libraries.

/// The CRC-32 of zlib and PNG (reflected polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF).
public struct CRC32: Sendable {
    /// One entry per byte value: the remainder of that byte shifted through the polynomial.
    static let table: [UInt32] = (0..<256).map { (n: Int) -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private var state: UInt32 = 0xFFFF_FFFF

    /// A checksum over no bytes yet.
    public init() {}

    /// Feeds more bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var c = state
        Self.table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        state = c
    }

    /// The checksum of everything fed so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
