/// The app's state when the adapter is made, as `UIApplication.shared.applicationState` says on iOS.
///
/// After a background launch (a region, visit or significant-change event) an iOS app starts in the background,
/// where a When In Use request does nothing; the adapter must know that from the start, not assume the foreground.
/// Later changes come from the application's notifications.
package enum ApplicationState: Sendable {
    /// In the foreground and receiving events.
    case active
    /// In the foreground, not receiving events: launching, or under a system alert.
    case inactive
    /// In the background.
    case background
}
