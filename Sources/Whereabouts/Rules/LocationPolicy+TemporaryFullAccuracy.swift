/// Rule 5: temporary full accuracy needs an authorized status, reduced accuracy and the purpose key in
/// `NSLocationTemporaryUsageDescriptionDictionary`; already full completes at once, a missing key is an error,
/// and a decline is not an error.
extension LocationPolicy {
    /// Decides a temporary full accuracy request
    /// (`requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`).
    ///
    /// - Parameter purposeKey: The key of `NSLocationTemporaryUsageDescriptionDictionary` the app names.
    /// - Returns: The prompt to show, or how the request completes now.
    package mutating func requestTemporaryFullAccuracy(purposeKey: String) -> RequestDecision {
        let now = authorization
        guard now.status.isAuthorized else {
            return .fail(.notAuthorized(now.status, servicesEnabled: now.servicesEnabled))
        }
        if now.accuracy == .fullAccuracy { return .complete(.alreadyDetermined) }
        guard let message = declarations.temporaryPurposes[purposeKey] else {
            return .fail(
                .missingTemporaryPurposeKey(purposeKey, declared: Array(declarations.temporaryPurposes.keys))
            )
        }
        if let reason = reasonPromptCannotShowNow { return .complete(.ignored(reason)) }
        return show(.temporaryFullAccuracy, message: message, forAlways: false)
    }
}
