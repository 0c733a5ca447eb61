// The images a script names, read relative to the script's folder for snapshot tests, so frames of
// scenes with `contents` and particle images are compared as `calc run` draws them.

import Foundation
import Bytecode
import Render

enum SnapshotImages {
    struct Failure: Error { var message: String }

    /// The decoded images of `program`'s image constants.
    static func load(_ program: Program, script: String) -> Result<[String: Framebuffer], Failure> {
        let policy = ReadPolicy(script: script)
        var images: [String: Framebuffer] = [:]
        for case .image(let name) in program.constants where images[name] == nil {
            let path: String
            switch policy.resolve(name) {
            case .success(let p): path = p
            case .failure(let refused): return .failure(Failure(message: "image '\(name)': \(refused.message)"))
            }
            guard case .success(let read) = SnapshotFiles.read(path), let bytes = read else {
                return .failure(Failure(message: "cannot read image '\(name)' (\(path))"))
            }
            do {
                images[name] = try ImageDecoder.decode(bytes)
            } catch {
                return .failure(Failure(message: "image '\(name)' (\(path)) is not a PNG or PPM image calc can read: \(error)"))
            }
        }
        return .success(images)
    }
}
