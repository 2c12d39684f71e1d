import Foundation
import Whereabouts

/// The person at a terminal: shows a prompt the way iOS words it on standard error and reads
/// the answer from standard input.
struct TerminalPrompter: PermissionPrompter {
    let terminal: Terminal

    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        var precise = prompt.preciseByDefault
        terminal.clearStatus()
        while true {
            terminal.error(render(prompt, precise: precise))
            guard let line = await terminal.readLine() else {
                terminal.error(
                    "No answer (standard input ended): treating it as “\(prompt.buttons.last ?? "Don’t Allow")”."
                )
                return .decline(prompt.kind)
            }
            let choice = line.trimmingCharacters(in: .whitespaces).lowercased()
            switch (prompt.kind, choice) {
            case (.whenInUse, "p"):
                precise.toggle()
                continue
            case (.whenInUse, "1"): return .allowOnce(precise: precise)
            case (.whenInUse, "2"): return .allowWhileUsing(precise: precise)
            case (.whenInUse, "3"): return .dontAllow
            case (.alwaysUpgrade, "1"): return .keepWhileUsing
            case (.alwaysUpgrade, "2"): return .changeToAlways
            case (.temporaryFullAccuracy, "1"): return .allowPrecise
            case (.temporaryFullAccuracy, "2"): return .dontAllowPrecise
            case (.locationButton, "1"): return .allowLocationButton
            case (.locationButton, "2"): return .dontAllowLocationButton
            default:
                terminal.error("“\(line)” is not one of the choices; type the number of a button and press Return.")
            }
        }
    }

    /// Shows the app's explanation before the system prompt and reads the person's choice: `true` for "Continue",
    /// `false` for "Not Now" (also when standard input ends, as the prompt takes its last button then).
    func explain(_ explanation: TerminalScreen) async -> Bool {
        terminal.clearStatus()
        while true {
            terminal.error((explanation.lines + [explanation.choiceLine]).joined(separator: "\n"))
            let decline = PermissionText.explanationDecline.defaultValue
            guard let line = await terminal.readLine() else {
                terminal.error("No answer (standard input ended): treating it as “\(decline)”.")
                return false
            }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "1": return true
            case "2": return false
            default:
                terminal.error("“\(line)” is not one of the choices; type the number of a button and press Return.")
            }
        }
    }

    func render(_ prompt: PermissionPrompt, precise: Bool) -> String {
        var lines = ["", "  \(prompt.title)", "  \(prompt.message)", ""]
        if prompt.kind == .whenInUse {
            lines.append("  Precise: \(precise ? "On" : "Off")   (type p to turn it \(precise ? "off" : "on"))")
            lines.append("")
        }
        lines.append(
            "  "
                + prompt.buttons.enumerated().map { "[\($0.offset + 1)] \($0.element)" }
                .joined(separator: "   ")
        )
        let numbers = (1...prompt.buttons.count).map(String.init).joined(separator: ", ")
        lines.append("")
        lines.append("Choose \(numbers)\(prompt.kind == .whenInUse ? " (p toggles Precise)" : ""): ")
        return lines.joined(separator: "\n")
    }
}
