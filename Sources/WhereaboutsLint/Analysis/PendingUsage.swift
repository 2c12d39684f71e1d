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
    /// Whose method it is, for a method call or a property assignment; `.coreLocation` for the uses named by a
    /// Core Location type (`CLServiceSession(…)`, `CLLocationUpdate.liveUpdates`).
    var receiver: CallReceiver = .coreLocation
    /// The method's selector with its first argument label (`startMonitoring(for:)`), for a method call.
    var selector: String?
    /// The platforms that compile it (see ``CompilationCondition``); `nil` for all.
    var platforms: Set<BuildPlatform>?
    /// The named closure value it sits in (see ``CodeUsage/closure``).
    var closure: CodeUsage.ClosureMember?
}
