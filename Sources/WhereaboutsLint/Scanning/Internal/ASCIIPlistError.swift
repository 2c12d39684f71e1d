/// Bad input in an ASCII property list, with the 1-based line and column where it was found.
struct ASCIIPlistError: Error {
    var message: String
    var line: Int
    var column: Int
}
