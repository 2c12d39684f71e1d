/// Showing prompts and applying the person's answers.
extension AuthorizationEngine {
    func present(
        _ kind: PermissionPrompt.Kind,
        message: String,
        purposeKey: String? = nil,
        ticket: Int?,
        forAlways: Bool
    ) {
        let prompt = PermissionPrompt(
            id: nextPromptID,
            kind: kind,
            appName: declarations.appName ?? appID,
            message: message,
            purposeKey: purposeKey,
            preciseByDefault: !declarations.defaultAccuracyReduced
        )
        nextPromptID += 1
        presentedPrompt = prompt
        presentedForAlways = forAlways
        promptTickets = ticket.map { [$0] } ?? []
        if kind == .alwaysUpgrade {
            grant.alwaysPromptShown = true
            persistGrant()
        }
        let prompter = prompter
        promptTasks[prompt.id] = Task {
            let answer = await prompter.answer(prompt)
            self.resolve(prompt, with: answer)
        }
        stateDidChange()
    }

    /// Takes the prompt off the screen without an answer: the app stopped being in use (a
    /// when-in-use or temporary prompt needs the foreground) or terminated (any prompt). Its
    /// requests complete as ignored.
    ///
    /// - Parameter terminating: Whether the app terminated (then the Always upgrade goes too).
    func dismissPrompt(terminating: Bool) {
        guard let prompt = presentedPrompt, terminating || prompt.kind != .alwaysUpgrade else { return }
        let tickets = promptTickets
        presentedPrompt = nil
        promptTickets = []
        promptTasks[prompt.id]?.cancel()
        promptTasks[prompt.id] = nil
        for ticket in tickets {
            if prompt.kind == .temporaryFullAccuracy {
                finish(
                    ticket,
                    .success(
                        .accuracy(
                            AccuracyOutcome(
                                accuracy: currentAuthorization.accuracy,
                                resolution: .ignored(.notInForeground)
                            )
                        )
                    )
                )
            } else {
                finishAuthorization(ticket, .ignored(.notInForeground))
            }
        }
    }

    /// Waits until the prompt with this id has been answered and applied.
    package func waitForPrompt(_ id: Int) async {
        await promptTasks[id]?.value
    }

    func resolve(_ prompt: PermissionPrompt, with given: PromptAnswer) {
        guard presentedPrompt?.id == prompt.id else { return }
        let answer = given.kind == prompt.kind ? given : .decline(prompt.kind)
        let forAlways = presentedForAlways
        let tickets = promptTickets
        presentedPrompt = nil
        promptTickets = []
        promptTasks[prompt.id] = nil

        switch answer {
        case .allowOnce(let precise):
            allowOnce = true
            allowOncePrecise = precise
            if forAlways { alwaysDenied = true }
        case .allowWhileUsing(let precise):
            grant.precise = precise
            grant.decision = forAlways ? .always : .whenInUse
            grant.provisionalAlways = forAlways
            persistGrant()
        case .dontAllow:
            grant.decision = .denied
            grant.provisionalAlways = false
            persistGrant()
        case .changeToAlways:
            grant.decision = .always
            grant.provisionalAlways = false
            persistGrant()
        case .keepWhileUsing:
            grant.decision = .whenInUse
            grant.provisionalAlways = false
            alwaysDenied = true
            persistGrant()
        case .allowPrecise:
            temporaryFullAccuracy = true
        case .dontAllowPrecise:
            fullAccuracyDeclined = true
        }
        stateDidChange()

        let now = currentAuthorization
        for ticket in tickets {
            if prompt.kind == .temporaryFullAccuracy {
                finish(
                    ticket,
                    .success(
                        .accuracy(
                            AccuracyOutcome(
                                accuracy: now.accuracy,
                                resolution: .answered(answer)
                            )
                        )
                    )
                )
            } else {
                finishAuthorization(ticket, .answered(answer))
            }
        }
    }

    /// Provisional Always lasts until the app first uses location in the background; then the
    /// person is asked for real (rule 4).
    func showProvisionalUpgradeIfDue() {
        guard appState == .background, presentedPrompt == nil, grant.decision == .always,
            grant.provisionalAlways, usesLocationInBackground, device.servicesEnabled, !device.restricted
        else { return }
        present(
            .alwaysUpgrade,
            message: declarations.always ?? declarations.whenInUse ?? "",
            ticket: nil,
            forAlways: true
        )
    }

    var usesLocationInBackground: Bool {
        (!subscribers.isEmpty && allowsBackgroundUpdates) || !regions.isEmpty || visitsActive
    }
}
