/// A use found in one file, its purpose key not yet resolved.
struct PendingUsage: Hashable, Sendable {
    /// What was found.
    enum Kind: Hashable, Sendable {
        /// A use that needs no resolution.
        case resolved(CodeUsage.Kind)
        /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`.
        case temporaryFullAccuracy(PurposeKeyExpression)
        /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`.
        case serviceSession(authorization: String?, purposeKey: PurposeKeyExpression?)
    }

    /// What was found.
    var kind: Kind
    /// Where.
    var position: SourcePosition
}
