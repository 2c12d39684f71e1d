/// What became of the events that launched the app in the background.
package enum LaunchEventFate: String, Hashable, Sendable, CaseIterable {
    /// No launch in the background carried an event.
    case none
    /// The events wait for a location manager of the relaunched app.
    case waiting
    /// They reached the app through a location manager it made in time.
    case delivered
    /// The app made no location manager (or did not start significant-change monitoring again) in time, or ended
    /// first: the events are gone.
    case lost
}
