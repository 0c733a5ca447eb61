// The one error type of the Bytecode module: the reader and the verifier both throw it, so a loader
// that decodes and then verifies (`BytecodeReader.load`) has a single typed failure. The message is
// the sentence users see (lower case, names in single quotes, a byte offset or a function and
// instruction index saying where); `kind` lets callers and tests tell the classes apart.

/// Why a bytecode file or a program was rejected.
public struct BytecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure, from "not ours at all" to "ours, but unsafe to run".
    public enum Kind: Sendable, Equatable {
        /// The bytes do not start with the calc magic: some other kind of file.
        case notBytecode
        /// A format version this calc does not read.
        case unsupportedVersion
        /// The sentinel bytes changed: a text-mode transfer rewrote line endings.
        case mangled
        /// Written for another instruction size, number size, byte order or float format.
        case incompatible
        /// The file ends before the data its header or a section promises.
        case truncated
        /// The checksum does not match: bytes changed after the file was written.
        case corrupted
        /// Well sealed but structurally wrong: unknown tags, impossible counts, bad UTF-8, …
        case malformed
        /// Decodes, but breaks a rule the VM relies on (found by `Verifier`).
        case invalid
    }

    /// The class of failure.
    public let kind: Kind
    /// What is wrong and where, as users read it.
    public let message: String
    /// The byte offset in the file the message refers to, when it refers to one.
    public let offset: Int?

    /// An error of `kind` with `message`, optionally pointing at a byte offset.
    public init(_ kind: Kind, _ message: String, offset: Int? = nil) {
        self.kind = kind; self.message = message; self.offset = offset
    }

    /// The message, so the error prints as users should read it.
    public var description: String { message }
}
