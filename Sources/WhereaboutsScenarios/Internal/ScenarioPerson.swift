import Whereabouts

/// The person of a scenario: holds each prompt until a `person` step answers it.
actor ScenarioPerson: PermissionPrompter {
    private var waiting: [Int: CheckedContinuation<PromptAnswer, Never>] = [:]
    private var early: [Int: PromptAnswer] = [:]

    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        if let answer = early.removeValue(forKey: prompt.id) { return answer }
        return await withCheckedContinuation { continuation in
            waiting[prompt.id] = continuation
        }
    }

    /// Declines every prompt still waiting (the scenario ended), so no task waits forever.
    func declineAll() {
        let pending = waiting
        waiting.removeAll()
        early.removeAll()
        for continuation in pending.values { continuation.resume(returning: .dontAllow) }
    }

    /// Answers a prompt, whether or not the engine has asked yet.
    func respond(to id: Int, with answer: PromptAnswer) {
        if let continuation = waiting.removeValue(forKey: id) {
            continuation.resume(returning: answer)
        } else {
            early[id] = answer
        }
    }
}
