/// Termination and relaunch: terminating the app keeps its grant, its regions and its significant-change and visit
/// monitoring, and a background activity session that was active may be resumed at the next launch; while the app is
/// not running, an event of a service it kept relaunches it in the background when its authorization lets the event
/// reach it while it is not in use (real Always for regions, visits and significant changes; an authorized status
/// for the session, which kept the app in use).
extension LocationPolicy {
    /// Whether the system relaunches the terminated app in the background for this reason now.
    ///
    /// Regions need real (not provisional) Always and full accuracy, as their events do in the background; visits
    /// and significant changes need real Always; a background activity session needs an authorized status and the
    /// session to have been active when the app ended. The caller checks that the app monitors the service.
    ///
    /// - Parameter reason: Why the system would launch the app.
    /// - Returns: Whether it launches it.
    package func relaunches(for reason: LaunchReason) -> Bool {
        guard appState == .notRunning else { return false }
        switch reason {
        case .regionEntry, .regionExit: return mayDeliverRegionEvents
        case .visit, .significantLocationChange: return mayDeliverMonitoringEvents
        case .backgroundActivitySession: return resumableBackgroundSession && authorization.status.isAuthorized
        // A condition's event needs what a region's does: real Always and full accuracy.
        case .monitorEvent: return mayDeliverRegionEvents
        }
    }

    /// The system launched the app in the background: it runs, off screen, and is in use only once it resumes its
    /// background activity session.
    package mutating func launchInBackground() {
        appState = .background
        // A new launch: updates a pause ended under When In Use may run again (rule 14).
        pauseEndedUpdates = false
    }

    /// The launch's window ended: a background activity session the app did not resume at once ends for good.
    package mutating func launchWindowEnded() {
        resumableBackgroundSession = false
    }
}
