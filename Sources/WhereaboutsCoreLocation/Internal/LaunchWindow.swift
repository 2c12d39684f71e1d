// The platforms with CLBackgroundActivitySession among those of CoreLocationManager.swift: iOS, iPadOS, Mac Catalyst,
// visionOS (UIKit) and watchOS (WatchKit); not macOS, whose Core Location has no such session.
#if canImport(CoreLocation) && !(os(tvOS) || STANDIN_TVOS) && (canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS)
import Foundation
import Whereabouts
#if os(watchOS) || STANDIN_WATCHOS
import WatchKit
#else
import UIKit
#endif

/// Whether this launch of the app may still resume the `CLBackgroundActivitySession` it held when it last ended.
///
/// Apple's `CLBackgroundActivitySession.h` says that an app terminated with a session active is launched again in the
/// background, and must create the session again at once, at that launch, to resume it; Core Location decides whether
/// it does. Core Location tells the app nothing of it, so the bridge reads the launch: until the app has first been
/// active (or has started a session), it is in a launch in the background, where creating the session is what Apple
/// asks. Once the app has been active, a session starts in the foreground only, as always.
///
/// A process has one application object; the window is kept for it, so that it cannot reopen.
@MainActor
enum LaunchWindow {
    /// The application object whose launch window closed (weak: an identity kept after the object ended could be
    /// taken by a new one).
    private static weak var closedFor: AnyObject?
    /// Whether the observer of the app becoming active is registered (once per process, for its whole life).
    private static var watching = false

    /// Whether a background activity session kept from the app's last run may be resumed now: the app is in the
    /// background and has been neither active nor started a session since it was launched.
    static var isOpen: Bool {
        watchActivity()
        let app = application
        if ApplicationState.current != .background { closedFor = app }
        return closedFor !== app
    }

    /// Closes the window: the app started its session, or became active.
    static func close() {
        closedFor = application
    }

    /// The app's application object.
    private static var application: AnyObject {
        #if os(watchOS) || STANDIN_WATCHOS
        WKApplication.shared()
        #else
        UIApplication.shared
        #endif
    }

    /// Closes the window when the app becomes active, even if no manager reads it in between.
    private static func watchActivity() {
        guard !watching else { return }
        watching = true
        #if os(watchOS) || STANDIN_WATCHOS
        let name = WKApplication.didBecomeActiveNotification
        #else
        let name = UIApplication.didBecomeActiveNotification
        #endif
        // Kept for the process's life: never removed, so the token is not stored.
        _ = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { close() }
        }
    }
}
#endif
