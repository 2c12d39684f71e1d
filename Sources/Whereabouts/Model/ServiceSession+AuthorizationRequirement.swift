extension ServiceSession {
    /// The authorization a session asks for, as `CLServiceSession.AuthorizationRequirement`.
    public enum AuthorizationRequirement: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// No authorization: the session only reports diagnostics (`CLServiceSession`'s `.none`; not spelled
        /// `none` here, which an optional would read as `nil`).
        case noAuthorization = "none"
        /// When In Use.
        case whenInUse
        /// Always.
        case always

        /// The name, as scenarios spell it.
        public var description: String { rawValue }
    }
}
