import Whereabouts

/// A permission screen as `track` prints it: the app's screen (``PermissionScreen``) in the words the app's views
/// use (``PermissionText``), with each button's equivalent in this terminal.
///
/// Only ``PermissionScreen/denied`` has the way to Settings (here the `consent` command that allows the app); with
/// Location Services off the screen says where they are turned on, on the simulated device; restricted has no button.
struct TerminalScreen {
    /// The screen the app shows.
    let screen: PermissionScreen
    /// The app's name, for the line that introduces the screen.
    let appName: String
    /// The app's identifier, for the `consent` command of "Open Settings".
    let appID: String
    /// The explanation's purpose: the app's `NSLocationWhenInUseUsageDescription`, or the generic sentence.
    let purpose: String

    /// The lines to print, or none for ``PermissionScreen/hidden``.
    var lines: [String] {
        guard let title = screen.title, let message = screen.message else { return [] }
        var lines = [
            "", "\(appName) shows\(screen == .explanation ? ", before the system prompt" : ""):",
            "  \(title.defaultValue)",
            "  \(screen == .explanation ? purpose : message.defaultValue)",
            "",
        ]
        switch screen {
        case .explanation:
            lines.append("  " + numberedButtons)
            lines.append("")
        case .denied:
            lines.append(
                "  [\(PermissionText.deniedOpenSettings.defaultValue)] here: "
                    + "whereabouts consent set \(appID) --status while-using"
            )
        case .servicesOff:
            lines.append(
                "  On this simulated device, Settings › Privacy & Security › Location Services is: "
                    + "whereabouts consent set --services on"
            )
        case .restricted:
            lines.append(
                "  No button: the restriction is the device's administrator's (on this simulated device, "
                    + "whereabouts consent set --restricted off)."
            )
        case .hidden:
            break
        }
        return lines
    }

    /// The explanation's buttons, numbered as the system prompt's are: `[1] Continue   [2] Not Now`.
    var numberedButtons: String {
        screen.buttons.enumerated().map { "[\($0.offset + 1)] \($0.element.defaultValue)" }
            .joined(separator: "   ")
    }

    /// The line under the explanation's buttons that asks for a choice.
    var choiceLine: String {
        "Choose " + (1...max(1, screen.buttons.count)).map(String.init).joined(separator: ", ") + ": "
    }

    /// What `track` says after "Not Now": nothing was asked, so the app has no location and no decision was kept.
    static func notNowOutcome(appName: String) -> String {
        "\(appName): \(PermissionText.explanationDecline.defaultValue) — it did not ask, so its location stays not "
            + "determined and it receives no fixes; the next run shows its explanation again."
    }
}
