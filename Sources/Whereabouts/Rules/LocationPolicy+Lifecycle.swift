/// Rules 3, 5 and 8: Allow Once and temporary full accuracy last while the app is in use — in the foreground,
/// or in the background with a background session — and end when it stops being in use or terminates.
extension LocationPolicy {
    /// Applies a change in the app's life.
    ///
    /// Going to the background without a background session ends the grants of this use and takes a When In
    /// Use or temporary prompt off the screen; terminating ends them too, with any prompt, the background session
    /// and background updates.
    ///
    /// - Parameter event: What happened.
    package mutating func handle(_ event: LifecycleEvent) {
        switch event {
        case .launch, .foreground:
            // In the foreground a new session starts anyway: the one kept from the last run is not resumed.
            if appState == .notRunning { resumableBackgroundSession = false }
            appState = .foreground
            if event == .launch { pauseEndedUpdates = false }  // rule 14: a new launch may restart paused updates
        case .background:
            // A Mac app is not sent to the background (PlatformRules.backgroundState): it stays in use.
            guard platform.rules.backgroundState else { return }
            appState = .background
            if !backgroundSessionActive { stopBeingInUse() }
        case .terminate:
            appState = .notRunning
            // An active session may be resumed when the app is next run (`CLBackgroundActivitySession.h`); only an app
            // with `location` in `UIBackgroundModes` has an active one.
            resumableBackgroundSession = backgroundSessionActive && declarations.hasLocationBackgroundMode
            backgroundSessionActive = false
            allowsBackgroundUpdates = false
            endInUseGrants()
            dismissPrompt(terminating: true)
        }
    }

    /// The app stopped being in use: the grants of this use end, and a prompt that needs the foreground goes.
    mutating func stopBeingInUse() {
        endInUseGrants()
        dismissPrompt(terminating: false)
    }

    /// Ends Allow Once and temporary full accuracy.
    mutating func endInUseGrants() {
        allowOnce = false
        temporaryFullAccuracy = false
    }
}
