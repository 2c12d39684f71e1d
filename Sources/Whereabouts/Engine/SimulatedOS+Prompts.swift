/// Running the policy's decisions: showing prompts, applying the person's answers, keeping the grant.
extension SimulatedOS {
    /// Changes the policy, keeps the grant when it changed, and completes the requests of a prompt the change
    /// took off the screen (as ignored: the app stopped being in use). The caller then calls `stateDidChange()`.
    ///
    /// - Parameter change: The decision to run on the policy.
    /// - Returns: What the decision returned.
    /// - Throws: What the decision threw.
    @discardableResult
    func update<Value, Failure: Error>(
        _ change: (inout LocationPolicy) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let grantBefore = policy.grant
        defer {
            if policy.grant != grantBefore {
                grantSnapshot.current = policy.grant
                persistGrant()
            }
            if policy.prompt == nil, presentedPrompt != nil { promptTakenOff() }
        }
        return try change(&policy)
    }

    /// Runs a request's decision: shows its prompt, waits for the one on screen, or completes it now.
    ///
    /// - Parameters:
    ///   - decision: The policy's decision.
    ///   - ticket: The request's ticket.
    ///   - purposeKey: The purpose key of a temporary full accuracy request.
    func start(_ decision: RequestDecision, ticket: Int, purposeKey: String? = nil) {
        stateDidChange()
        switch decision {
        case .prompt(let kind, let message):
            present(kind, message: message, purposeKey: purposeKey, ticket: ticket)
        case .joinPrompt(let kind):
            // The policy holds the prompt the engine presented; they are set together, so this is a safeguard.
            guard presentedPrompt?.kind == kind else {
                finish(ticket, kind.outcome, .ignored(.requestInProgress))
                return
            }
            promptTickets.append(ticket)
        case .complete(let resolution):
            finish(ticket, purposeKey == nil ? .authorization : .accuracy, resolution)
        case .fail(let error):
            finish(ticket, .failure(error))
        }
    }

    /// Puts the prompt the policy decided on screen and asks the prompter.
    func present(_ kind: PermissionPrompt.Kind, message: String, purposeKey: String? = nil, ticket: Int?) {
        let prompt = PermissionPrompt(
            id: nextPromptID,
            kind: kind,
            appName: declarations.appName ?? appID,
            message: message,
            purposeKey: purposeKey,
            preciseByDefault: !declarations.defaultAccuracyReduced
        )
        nextPromptID += 1
        if presentedPrompt == nil { announce(.willResignActive) }
        presentedPrompt = prompt
        promptTickets = ticket.map { [$0] } ?? []
        let prompter = prompter
        promptTasks[prompt.id] = Task {
            let answer = await prompter.answer(prompt)
            self.resolve(prompt, with: answer)
        }
    }

    /// The policy took the prompt off the screen without an answer: its requests complete as ignored.
    private func promptTakenOff() {
        guard let prompt = presentedPrompt else { return }
        let tickets = promptTickets
        presentedPrompt = nil
        promptTickets = []
        promptTasks[prompt.id]?.cancel()
        promptTasks[prompt.id] = nil
        for ticket in tickets { finish(ticket, prompt.kind.outcome, .ignored(.notInForeground)) }
        if policy.appState == .foreground { announce(.didBecomeActive) }
    }

    /// Waits until the prompt with this id has been answered and applied.
    package func waitForPrompt(_ id: Int) async {
        await promptTasks[id]?.value
    }

    func resolve(_ prompt: PermissionPrompt, with given: PromptAnswer) {
        guard presentedPrompt?.id == prompt.id else { return }
        let tickets = promptTickets
        presentedPrompt = nil
        promptTickets = []
        promptTasks[prompt.id] = nil
        let answer = update { $0.answer(given) }
        stateDidChange()
        announce(.didBecomeActive)
        let resolution: RequestResolution = answer.map { .answered($0) } ?? .ignored(.notInForeground)
        for ticket in tickets { finish(ticket, prompt.kind.outcome, resolution) }
    }

    /// The app's activity changes: a prompt covers it or goes, or its life changes.
    ///
    /// - Returns: The stream; cancelling it unsubscribes.
    package func applicationActivity() -> AsyncStream<ApplicationActivity> {
        let (stream, continuation) = AsyncStream<ApplicationActivity>.makeStream()
        let id = nextSubscriberID
        nextSubscriberID += 1
        activityContinuations[id] = continuation
        continuation.onTermination = { _ in Task { await self.removeActivitySubscriber(id) } }
        return stream
    }

    private func removeActivitySubscriber(_ id: Int) { activityContinuations[id] = nil }

    /// Tells the app's activity subscribers of a change, as UIKit posts its notifications.
    func announce(_ activity: ApplicationActivity) {
        for id in activityContinuations.keys.sorted() { activityContinuations[id]?.yield(activity) }
    }

    /// Shows the upgrade prompt when provisional Always meets its first use in the background (rule 4).
    func showProvisionalUpgradeIfDue() {
        let uses = usesLocationInBackground
        guard
            case .prompt(let kind, let message)? = update({
                $0.provisionalAlwaysUpgrade(usesLocationInBackground: uses)
            })
        else { return }
        present(kind, message: message, ticket: nil)
    }

    var usesLocationInBackground: Bool {
        (hasStandardConsumers && policy.allowsBackgroundUpdates) || !regions.isEmpty || visitsActive
            || significantChangesActive
    }
}

extension PermissionPrompt.Kind {
    /// What a request that showed this prompt returns: an accuracy for the temporary prompt, else an
    /// authorization.
    var outcome: SimulatedOS.OutcomeKind {
        self == .temporaryFullAccuracy ? .accuracy : .authorization
    }
}
