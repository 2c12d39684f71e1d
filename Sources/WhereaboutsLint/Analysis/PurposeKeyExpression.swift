/// A purpose key argument as written.
enum PurposeKeyExpression: Hashable, Sendable {
    /// A string literal without interpolation.
    case literal(String)
    /// A name or a dotted member access, by component (`["Keys", "nav"]`).
    case reference([String])
    /// Anything else: a call, an interpolated string, a conditional.
    case unresolvable
}
