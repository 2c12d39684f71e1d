/// A field of a sentence that cannot be read: where it is in the line and what is wrong.
struct NMEAFieldError: Error {
    /// The 0-based offset of the field in the line.
    var offset: Int
    /// What is wrong.
    var message: String
}
