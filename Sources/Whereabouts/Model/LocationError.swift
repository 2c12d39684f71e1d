public import Foundation

/// An error from Whereabouts, with a description that says what went wrong and what to do.
///
/// A struct over a private enum, so cases can be added without breaking code that matches
/// on ``code``:
///
/// ```swift
/// do {
///     _ = try await client.requestWhenInUseAuthorization()
/// } catch let error as LocationError where error.code == .missingUsageDescription {
///     print(error)  // names the Info.plist key to add
/// }
/// ```
public struct LocationError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    private enum Kind: Hashable, Sendable {
        case missingUsageDescription(keys: [String])
        case missingTemporaryPurposeKey(key: String, declared: [String])
        case notAuthorized(status: AuthorizationStatus, servicesEnabled: Bool)
        case regionMonitoringUnavailable(reason: String)
        case regionMonitoringFailure(reason: String)
        case backgroundModeMissing
        case locationUnavailable(seconds: Double)
        case invalidInfoPlist(file: String, problem: String)
        case sourceFailed(message: String)
        case notInUse
        case consentStoreFailed(message: String)
        case cancelled
        case conditionMonitoringUnavailable(reason: String)
        case monitorNameUnavailable(name: String, reason: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// A stable identifier of the kind of error, for matching and for machine output.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The identifier as scenarios and JSON output spell it, e.g. `"missingUsageDescription"`.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The identifier itself.
        public var description: String { rawValue }

        /// A usage description key the request needs is missing from Info.plist.
        public static let missingUsageDescription = Code("missingUsageDescription")
        /// The purpose key is not in `NSLocationTemporaryUsageDescriptionDictionary`.
        public static let missingTemporaryPurposeKey = Code("missingTemporaryPurposeKey")
        /// The call needs an authorized status.
        public static let notAuthorized = Code("notAuthorized")
        /// Region monitoring cannot run (reduced accuracy, or not authorized).
        public static let regionMonitoringUnavailable = Code("regionMonitoringUnavailable")
        /// A region cannot be monitored: the app already monitors the most regions allowed, or the region is
        /// larger than the largest the device monitors (`kCLErrorRegionMonitoringFailure`).
        public static let regionMonitoringFailure = Code("regionMonitoringFailure")
        /// Background updates were allowed without `location` in `UIBackgroundModes`.
        public static let backgroundModeMissing = Code("backgroundModeMissing")
        /// No fix arrived in time.
        public static let locationUnavailable = Code("locationUnavailable")
        /// An Info.plist could not be read or has a key of the wrong type.
        public static let invalidInfoPlist = Code("invalidInfoPlist")
        /// The location source failed.
        public static let sourceFailed = Code("sourceFailed")
        /// The app is not in use enough for a one-shot location (background, When In Use, no session).
        public static let notInUse = Code("notInUse")
        /// The consent store could not keep a grant.
        public static let consentStoreFailed = Code("consentStoreFailed")
        /// The task that waited for the result was cancelled, so the call returned at once without it.
        ///
        /// Cancelling the task that awaits an authorization request (When In Use, Always, temporary full
        /// accuracy) returns this at once, without waiting for the person. The prompt stays on screen, as on
        /// iOS, and the person's later answer still applies: it reaches the app through `authorizationUpdates`
        /// and `events`, not through the cancelled call. Cancelling a one-shot location request returns this
        /// too, and the request ends.
        public static let cancelled = Code("cancelled")
        /// No condition monitor can be opened: the platform has none (watchOS, tvOS, visionOS, before iOS 17 or
        /// macOS 14), or the client was made without them.
        public static let conditionMonitoringUnavailable = Code("conditionMonitoringUnavailable")
        /// A condition monitor of this name cannot be opened: the name is empty, or a monitor of that name is already
        /// open (Core Location ends the app for either).
        public static let monitorNameUnavailable = Code("monitorNameUnavailable")

        /// Every code, for documentation and for parsing error ids.
        public static let all: [Code] = [
            .missingUsageDescription, .missingTemporaryPurposeKey, .notAuthorized, .regionMonitoringUnavailable,
            .regionMonitoringFailure, .backgroundModeMissing, .locationUnavailable, .invalidInfoPlist, .sourceFailed,
            .notInUse, .consentStoreFailed, .cancelled, .conditionMonitoringUnavailable,
            .monitorNameUnavailable,
        ]
    }

    /// What kind of error this is.
    public var code: Code {
        switch kind {
        case .missingUsageDescription: .missingUsageDescription
        case .missingTemporaryPurposeKey: .missingTemporaryPurposeKey
        case .notAuthorized: .notAuthorized
        case .regionMonitoringUnavailable: .regionMonitoringUnavailable
        case .regionMonitoringFailure: .regionMonitoringFailure
        case .backgroundModeMissing: .backgroundModeMissing
        case .locationUnavailable: .locationUnavailable
        case .invalidInfoPlist: .invalidInfoPlist
        case .sourceFailed: .sourceFailed
        case .notInUse: .notInUse
        case .consentStoreFailed: .consentStoreFailed
        case .cancelled: .cancelled
        case .conditionMonitoringUnavailable: .conditionMonitoringUnavailable
        case .monitorNameUnavailable: .monitorNameUnavailable
        }
    }

    /// The Info.plist keys that must be added, for ``Code/missingUsageDescription``; else empty.
    public var missingKeys: [String] {
        if case .missingUsageDescription(let keys) = kind { return keys }
        return []
    }

    /// Info.plist lacks usage descriptions a request needs.
    ///
    /// - Parameter keys: The missing keys, e.g. `["NSLocationWhenInUseUsageDescription"]`.
    /// - Returns: The error.
    public static func missingUsageDescription(_ keys: [String]) -> LocationError {
        LocationError(.missingUsageDescription(keys: keys))
    }

    /// A temporary full accuracy request named a purpose key that is not declared.
    ///
    /// - Parameters:
    ///   - key: The purpose key the app passed.
    ///   - declared: The keys `NSLocationTemporaryUsageDescriptionDictionary` has.
    /// - Returns: The error.
    public static func missingTemporaryPurposeKey(_ key: String, declared: [String]) -> LocationError {
        LocationError(.missingTemporaryPurposeKey(key: key, declared: declared.sorted()))
    }

    /// The call needs an authorized status and the app has another.
    ///
    /// - Parameters:
    ///   - status: The status the app has.
    ///   - servicesEnabled: Whether Location Services are on.
    /// - Returns: The error.
    public static func notAuthorized(_ status: AuthorizationStatus, servicesEnabled: Bool = true) -> LocationError {
        LocationError(.notAuthorized(status: status, servicesEnabled: servicesEnabled))
    }

    /// Region monitoring cannot run.
    ///
    /// - Parameter reason: Why, in a sentence.
    /// - Returns: The error.
    public static func regionMonitoringUnavailable(_ reason: String) -> LocationError {
        LocationError(.regionMonitoringUnavailable(reason: reason))
    }

    /// A region cannot be monitored, as `kCLErrorRegionMonitoringFailure`: too many regions, or too large.
    ///
    /// - Parameter reason: Why, naming the limit, and what to do.
    /// - Returns: The error.
    public static func regionMonitoringFailure(_ reason: String) -> LocationError {
        LocationError(.regionMonitoringFailure(reason: reason))
    }

    /// Background updates were allowed without `location` in `UIBackgroundModes`.
    public static let backgroundModeMissing = LocationError(.backgroundModeMissing)

    /// No fix arrived within the given time.
    ///
    /// - Parameter seconds: How long the engine waited.
    /// - Returns: The error.
    public static func locationUnavailable(after seconds: Double) -> LocationError {
        LocationError(.locationUnavailable(seconds: seconds))
    }

    /// An Info.plist could not be used.
    ///
    /// - Parameters:
    ///   - file: The file's path.
    ///   - problem: What is wrong and how to fix it.
    /// - Returns: The error.
    public static func invalidInfoPlist(file: String, problem: String) -> LocationError {
        LocationError(.invalidInfoPlist(file: file, problem: problem))
    }

    /// The location source failed.
    ///
    /// - Parameter message: What the source reported.
    /// - Returns: The error.
    public static func sourceFailed(_ message: String) -> LocationError {
        LocationError(.sourceFailed(message: message))
    }

    /// A one-shot location was asked for while the app is not in use enough to receive it.
    public static let notInUse = LocationError(.notInUse)

    /// The consent store could not keep a grant.
    ///
    /// - Parameter message: What the store reported.
    /// - Returns: The error.
    public static func consentStoreFailed(_ message: String) -> LocationError {
        LocationError(.consentStoreFailed(message: message))
    }

    /// The waiting task was cancelled before a result arrived; see ``Code/cancelled``.
    public static let cancelled = LocationError(.cancelled)

    /// A condition monitor cannot be opened; see ``Code/conditionMonitoringUnavailable``.
    ///
    /// - Parameter reason: Why, and what to do.
    /// - Returns: The error.
    public static func conditionMonitoringUnavailable(_ reason: String) -> LocationError {
        LocationError(.conditionMonitoringUnavailable(reason: reason))
    }

    /// A condition monitor of this name cannot be opened; see ``Code/monitorNameUnavailable``.
    ///
    /// - Parameters:
    ///   - name: The name asked for.
    ///   - reason: Why, and what to do.
    /// - Returns: The error.
    public static func monitorNameUnavailable(_ name: String, reason: String) -> LocationError {
        LocationError(.monitorNameUnavailable(name: name, reason: reason))
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch kind {
        case .missingUsageDescription(let keys):
            let list = keys.joined(separator: " and ")
            let verb = keys.count == 1 ? "is" : "are"
            return "\(list) \(verb) missing from Info.plist, so no prompt can be shown and the status stays "
                + "notDetermined; add \(keys.count == 1 ? "it" : "each") with a sentence that says why the app "
                + "needs location"
        case .missingTemporaryPurposeKey(let key, let declared):
            let known = declared.isEmpty ? "it declares none" : "it declares \(declared.joined(separator: ", "))"
            return "purpose key \"\(key)\" is not in NSLocationTemporaryUsageDescriptionDictionary (\(known)); "
                + "add \"\(key)\" to that dictionary with a sentence that says why this feature needs precise location"
        case .notAuthorized(let status, let servicesEnabled):
            if !servicesEnabled {
                return "Location Services are off for the device; the person must turn them on in Settings › "
                    + "Privacy › Location Services"
            }
            switch status {
            case .notDetermined:
                return "location is not authorized yet (status notDetermined); call requestWhenInUseAuthorization first"
            case .restricted:
                return "location is restricted by parental controls or device management (status restricted); "
                    + "the app cannot ask, so offer the feature without location"
            default:
                return "location was denied (status \(status)); show a button that opens Settings so the person "
                    + "can allow it"
            }
        case .regionMonitoringUnavailable(let reason):
            return "region monitoring is unavailable: \(reason)"
        case .regionMonitoringFailure(let reason):
            return "region monitoring failed: \(reason)"
        case .backgroundModeMissing:
            return "allowsBackgroundLocationUpdates was set without \"location\" in UIBackgroundModes (iOS raises "
                + "an exception here); add \"location\" to UIBackgroundModes in Info.plist, or do not allow "
                + "background updates"
        case .locationUnavailable(let seconds):
            return "no location arrived within \(Self.format(seconds)) s; check that the source is producing "
                + "fixes (a GPS needs open sky) and try again"
        case .invalidInfoPlist(let file, let problem):
            return "\(file): \(problem)"
        case .sourceFailed(let message):
            return "the location source failed: \(message)"
        case .notInUse:
            return "the app is in the background with When In Use authorization and no background session, so "
                + "it may not receive locations; start a background session while in the foreground, or ask "
                + "for the location when the app is in the foreground"
        case .consentStoreFailed(let message):
            return "the consent store could not keep a grant (\(message)); the grant holds for this run only, "
                + "so check that the store's folder is writable"
        case .cancelled:
            return "the task that waited for the request was cancelled, so it returned before the request completed; a "
                + "prompt the request showed stays on screen and the person's answer still applies, so read the "
                + "authorization again (authorizationUpdates follows it)"
        case .conditionMonitoringUnavailable(let reason):
            return "condition monitoring is unavailable: \(reason)"
        case .monitorNameUnavailable(let name, let reason):
            return "the condition monitor \"\(name)\" cannot be opened: \(reason)"
        }
    }

    /// Same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
