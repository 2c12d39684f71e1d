/// Makes sure a callback-based completion resumes its continuation once, however often it is called.
@MainActor
final class OnceFlag {
    private var fired = false

    /// Returns `true` the first time only.
    func claim() -> Bool {
        defer { fired = true }
        return !fired
    }
}
