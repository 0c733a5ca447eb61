// How many frames `calc run` renders at once (issue 13, item 7): by cores, but never more than fit a
// memory budget, so memory does not grow with the core count (a 16-core runner would have needed
// about 30 GB for 16384² frames).

public enum FrameBudget {
    /// What the frames rendered at once may take in all.
    public static let bytes = 2 << 30

    /// Bytes one frame in flight takes: its buffer (4 bytes a pixel), about as much again for the
    /// encoded file and the renderer's scratch, and 8 MiB of fixed cost. Measured peak RSS: 145 MB
    /// for one 4096² worker and 110 MB more for a second (buffer 64 MiB); 1.9 GB at 16384².
    public static func frameBytes(width: Int, height: Int) -> Int { 2 * 4 * width * height + (8 << 20) }

    /// How many frames may be rendered at once within `budget` (at least one).
    public static func framesInFlight(width: Int, height: Int, budget: Int = bytes) -> Int {
        max(1, budget / frameBytes(width: width, height: height))
    }
}
