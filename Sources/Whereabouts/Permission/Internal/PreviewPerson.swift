/// The person of a previewed app: says yes to every prompt (Allow While Using with Precise on, Allow Once for precise
/// location, Change to Always Allow, Allow for the Location Button), so that a tap in a preview moves on.
struct PreviewPerson: PermissionPrompter {
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        switch prompt.kind {
        case .whenInUse: .allowWhileUsing(precise: true)
        case .alwaysUpgrade: .changeToAlways
        case .temporaryFullAccuracy: .allowPrecise
        case .locationButton: .allowLocationButton
        }
    }
}
