// CRC-32 (IEEE 802.3, the polynomial of zlib, PNG and gzip) for the checksum that closes every .calb
// file. Table-driven, eight bytes per step (slicing-by-8, 8 KiB of tables) over contiguous bytes, one
// byte per step otherwise; the Bytecode module stays free of C libraries.

/// The CRC-32 of zlib and PNG (reflected polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF).
public struct CRC32: Sendable {
    /// One entry per byte value: the remainder of that byte shifted through the polynomial.
    static let table: [UInt32] = (0..<256).map { (n: Int) -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Slicing-by-8: `slices[k * 256 + n]` is byte n's remainder shifted through k more zero bytes,
    /// so eight bytes fold in one step (the whole-file checksum of a large program was ~1% of a
    /// build four bytes a step, half that eight).
    static let slices: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 { t[n] = table[n] }
        for k in 1..<8 {
            for n in 0..<256 { t[k * 256 + n] = (t[(k - 1) * 256 + n] >> 8) ^ table[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    private var state: UInt32 = 0xFFFF_FFFF

    /// A checksum over no bytes yet.
    public init() {}

    /// Feeds more bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var c = state
        let done: Void? = bytes.withContiguousStorageIfAvailable { buf in
            Self.slices.withUnsafeBufferPointer { t in
                var i = 0
                let n = buf.count
                while i + 8 <= n {
                    let lo = c ^ (UInt32(buf[i]) | UInt32(buf[i + 1]) << 8 | UInt32(buf[i + 2]) << 16 | UInt32(buf[i + 3]) << 24)
                    let hi = UInt32(buf[i + 4]) | UInt32(buf[i + 5]) << 8 | UInt32(buf[i + 6]) << 16 | UInt32(buf[i + 7]) << 24
                    c = t[1792 + Int(lo & 0xFF)] ^ t[1536 + Int((lo >> 8) & 0xFF)] ^ t[1280 + Int((lo >> 16) & 0xFF)] ^ t[1024 + Int(lo >> 24)]
                        ^ t[768 + Int(hi & 0xFF)] ^ t[512 + Int((hi >> 8) & 0xFF)] ^ t[256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                    i += 8
                }
                while i < n {
                    c = t[Int((c ^ UInt32(buf[i])) & 0xFF)] ^ (c >> 8)
                    i += 1
                }
            }
        }
        if done == nil {
            Self.table.withUnsafeBufferPointer { t in
                for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
            }
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
