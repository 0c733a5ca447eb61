// Which files a script may read (issue 13, item 8): scripts are rendered in CI from untrusted pull
// requests, so `image("…")` resolves inside the script's own folder, or inside folders the user
// names with `--allow-read DIR`, and nowhere else — no absolute paths elsewhere, no `..` out of the
// folder, no symbolic link pointing out of it (paths are compared after resolving links).

import Foundation

public struct ReadPolicy: Sendable {
    /// Canonical folders (symbolic links resolved) under which reads are allowed.
    public let folders: [String]
    /// The script's folder as given (images are found relative to it).
    public let scriptFolder: String

    public init(script: String, allowRead: [String] = []) {
        let dir = (script as NSString).deletingLastPathComponent
        scriptFolder = dir
        folders = ([dir.isEmpty ? "." : dir] + allowRead).map(ReadPolicy.canonical)
    }

    /// The path an image name resolves to (relative to the script's folder unless absolute).
    public func path(of name: String) -> String {
        name.hasPrefix("/") || scriptFolder.isEmpty ? name : scriptFolder + "/" + name
    }

    /// The path to read for `name`, or why it may not be read.
    public func resolve(_ name: String) -> Result<String, ReadRefused> {
        let p = path(of: name)
        // a file that exists is judged by where its links lead; one that does not, by its path
        let real = ReadPolicy.canonical(p)
        guard folders.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            return .failure(ReadRefused(path: p))
        }
        return .success(p)
    }

    public struct ReadRefused: Error, Sendable {
        public var path: String
        public var message: String {
            "cannot read '\(path)': it is outside the script's folder; a script reads files only there and in folders given with --allow-read DIR"
        }
    }

    /// The absolute path with `.`, `..` and symbolic links resolved (realpath); for a path that does
    /// not exist, its lexically normalised absolute form.
    static func canonical(_ path: String) -> String {
        if let r = realpath(path, nil) {
            defer { free(r) }
            return String(cString: r)
        }
        let abs = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: abs).standardizedFileURL.path
    }
}
