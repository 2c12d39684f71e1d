public import Foundation

/// A ``ConsentStore`` that keeps grants in a JSON file, like the Settings app's store, shared by
/// every process of the install.
///
/// The file lives at ``defaultFileURL(environment:)`` (`$XDG_DATA_HOME/whereabouts/consent.json`,
/// else `~/.local/share/whereabouts/consent.json`) unless another is given. The `whereabouts
/// consent` command edits it while `whereabouts track` runs, so every read reads the file again
/// and ``changes(every:clock:)`` reports another process's write.
///
/// The file is version 1 of this format, pretty-printed JSON with sorted keys, mode 0600:
///
/// ```json
/// {
///   "apps" : {
///     "com.example.demo" : {
///       "alwaysPromptShown" : false,
///       "decision" : "whenInUse",
///       "precise" : false,
///       "provisionalAlways" : false
///     }
///   },
///   "installSecret" : "00112233445566778899aabbccddeeff",
///   "version" : 1
/// }
/// ```
///
/// - `decision` is `"notDetermined"`, `"denied"`, `"whenInUse"` or `"always"`; `precise` is absent
///   until the person sets the Precise switch; the two flags are `false` when absent.
/// - `installSecret` is the ``Coarsener/Secret`` of the install as 32 hexadecimal digits, created
///   on first use by ``installSecret()``.
/// - Keys this version does not know, at the top level or in an entry, are kept when the file is
///   rewritten. A file with a newer `version` is never written over: it reads as no grants, with a
///   warning, and writes fail until it is moved away or a newer Whereabouts is used.
///
/// **Writes** take an exclusive `flock` on the sibling `consent.json.lock`, read the file again,
/// change it, and replace it atomically: a new 0600 file in the same directory is written,
/// `fsync`ed and renamed over the old one, then the directory is `fsync`ed. A reader never sees
/// a partial file. The directory is created with mode 0700 when missing; a file with another mode
/// is set to 0600, with a warning. A consent file that is a symbolic link stays one: the write
/// replaces the file it points to (its lock, temporary file and set-aside copies sit beside that
/// file). A consent file that is not a regular file — a FIFO, a device, a directory — is refused:
/// it is never opened for reading (a FIFO would wait for a writer), reads as no grants with a
/// warning, and writes fail saying what it is.
///
/// **Where the work runs.** Those steps block: `flock` waits for another process's write, and
/// `fsync` waits for the disk, which takes seconds on a busy machine. The store is an actor whose
/// executor is a thread of its own (started when a call arrives, ended when none is left), not
/// Swift's cooperative pool, so a caller awaiting the store suspends and gives its thread back;
/// other tasks of the app keep running while a write waits, however many stores wait at once.
///
/// **Damage never becomes a grant.** A file that is not JSON, not an object, of another version,
/// or unreadable reads as no grants (every app not determined); `onWarning` says what is wrong,
/// and the file is moved aside to `consent.json.corrupt-<UTC time>` (a new name each time, an
/// earlier one is never overwritten) before anything is written. One app's entry that this
/// version cannot read — an unknown decision, a flag that is not a boolean — is no grant for that
/// app only, with a warning; the entry stays in the file until a grant for the app replaces it.
///
/// ```swift
/// let store = FileConsentStore()
/// let engine = await SimulatedOS(
///     appID: "com.example.demo", declarations: declarations, prompter: prompter, consentStore: store,
///     coarsener: Coarsener(secret: try await store.installSecret()))
/// for await _ in store.changes() {
///     await engine.reloadGrant()  // the `consent` command changed a grant
/// }
/// ```
///
/// A test gives each store a file in its own temporary directory:
///
/// ```swift
/// let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
/// defer { try? FileManager.default.removeItem(at: directory) }
/// let store = FileConsentStore(fileURL: directory.appendingPathComponent("consent.json"), onWarning: { _ in })
/// try await store.setGrant(Grant(decision: .whenInUse, precise: false), for: "com.example.demo")
/// #expect(await store.grant(for: "com.example.demo")?.decision == .whenInUse)
/// ```
public actor FileConsentStore: ConsentStore {
    /// The consent file this store reads and writes.
    ///
    /// Its siblings, named after it, are `<name>.lock` (the write lock), `.<name>.<pid>.<random>.tmp`
    /// while a write is under way (one left by a writer killed mid-write is removed by the next write),
    /// and `<name>.corrupt-<UTC time>` for damaged files set aside. When the file is a symbolic link,
    /// they are named after, and sit beside, the file it points to.
    public nonisolated let fileURL: URL

    let onWarning: @Sendable (String) -> Void
    /// Warnings already given, so a problem that stays is reported once.
    private var warned: Set<String> = []
    /// The thread the store's blocking file work runs on.
    private nonisolated let executor = DedicatedThreadExecutor(name: "Whereabouts.FileConsentStore")

    nonisolated var path: String { fileURL.path }

    /// The store's executor: a thread of its own, so `flock` and `fsync` never block a thread of the
    /// cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The consent file's place by the XDG Base Directory specification.
    ///
    /// `$XDG_DATA_HOME/whereabouts/consent.json`, or `$HOME/.local/share/whereabouts/consent.json`
    /// when `XDG_DATA_HOME` is unset, empty or not an absolute path (the specification says to
    /// ignore a relative one).
    ///
    /// - Parameter environment: The environment variables to use.
    /// - Returns: The file's URL.
    public static func defaultFileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = URL(fileURLWithPath: data, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("share", isDirectory: true)
        }
        return base.appendingPathComponent("whereabouts", isDirectory: true)
            .appendingPathComponent("consent.json", isDirectory: false)
    }

    /// Creates a store on a consent file; nothing is read or written until the first call.
    ///
    /// - Parameters:
    ///   - fileURL: The consent file; it and its directory are created on the first write.
    ///   - onWarning: Told, once per problem, when the file is damaged, unreadable or had the wrong
    ///     mode, and what was done about it. By default it writes `whereabouts: warning: …` to
    ///     standard error.
    public init(
        fileURL: URL = FileConsentStore.defaultFileURL(),
        onWarning: @escaping @Sendable (String) -> Void = {
            FileHandle.standardError.write(Data(("whereabouts: warning: " + $0 + "\n").utf8))
        }
    ) {
        self.fileURL = fileURL
        self.onWarning = onWarning
    }

    /// The grant kept for an app, read from the file now.
    ///
    /// A missing file has no grants. A damaged or unreadable file, or an entry for the app this
    /// version cannot read, gives `nil` and a warning — never a grant.
    ///
    /// - Parameter appID: The app's identifier, e.g. `"com.example.demo"`.
    /// - Returns: The kept grant, or `nil`.
    public func grant(for appID: String) -> Grant? {
        let (grants, problems) = currentDocument().grants()
        if let problem = problems[appID] { warnAboutEntry(problem) }
        return grants[appID]
    }

    /// Every grant in the file, by app identifier.
    ///
    /// Entries this version cannot read are left out, each with a warning.
    ///
    /// - Returns: App identifier → grant.
    public func allGrants() -> [String: Grant] {
        let (grants, problems) = currentDocument().grants()
        for problem in problems.values.sorted() { warnAboutEntry(problem) }
        return grants
    }

    /// Keeps a grant for an app, or forgets the app, by rewriting the file atomically.
    ///
    /// Other apps' entries and keys this version does not know are kept.
    ///
    /// - Parameters:
    ///   - grant: The grant to keep, or `nil` to remove the app's entry.
    ///   - appID: The app's identifier.
    /// - Throws: ``LocationError/consentStoreFailed(_:)`` naming the file and the failed step when
    ///   the directory, the lock or the new file cannot be made.
    public func setGrant(_ grant: Grant?, for appID: String) throws(LocationError) {
        try modify { $0.setGrant(grant, for: appID) }
    }

    /// Removes every app's grant, as Settings' Reset Location & Privacy does.
    ///
    /// The install secret stays, so approximate locations keep their points.
    ///
    /// - Throws: ``LocationError/consentStoreFailed(_:)`` when the file cannot be written.
    public func removeAll() throws(LocationError) {
        try modify { $0.removeAllGrants() }
    }

    /// The install's ``Coarsener/Secret``, created at random and kept in the file on first use.
    ///
    /// Every store on the same file returns the same secret, so approximate locations stay on the
    /// same points across runs. A kept value that is not a secret is replaced, with a warning.
    ///
    /// - Returns: The secret to give ``Coarsener/init(secret:configuration:)``.
    /// - Throws: ``LocationError/consentStoreFailed(_:)`` when a new secret cannot be written.
    public func installSecret() throws(LocationError) -> Coarsener.Secret {
        if case .success(let secret?) = currentDocument().installSecret { return secret }
        return try modify { document in
            switch document.installSecret {
            case .success(let secret?):
                return secret
            case .success(nil):
                break
            case .failure(let damage):
                warn(
                    "\(path) \(damage.problem); a new secret replaces it, so approximate locations move to "
                        + "new points"
                )
            }
            let secret = Coarsener.Secret.random()
            document.setInstallSecret(secret)
            return secret
        }
    }

    // MARK: - Reading and writing

    private enum Reading {
        case document(ConsentDocument)
        case damaged(String)
        case failed(SystemCallError)
        case newer(String)
        case refused(String)
    }

    private func read(_ target: String) -> Reading {
        switch POSIXFile.read(target) {
        case .missing:
            return .document(ConsentDocument())
        case .contents(let data, let permissions):
            let document: ConsentDocument
            do {
                document = try ConsentDocument(parsing: data)
            } catch {
                if error.isNewer { return .newer(error.problem) }
                return .damaged(error.problem)  // moved aside as it is, mode and all
            }
            if permissions != 0o600 { fixPermissions(target, permissions) }
            return .document(document)
        case .notRegular(let kind):
            return .refused(kind)
        case .failed(let error):
            return error.isPermissionDenied ? .damaged("cannot be read (\(error.reason))") : .failed(error)
        }
    }

    /// The document for a read: damage is set aside under the lock (unless another process
    /// replaced the file meanwhile), and reads as no grants.
    func currentDocument() -> ConsentDocument {
        let target = POSIXFile.resolvingSymbolicLinks(path)
        switch read(target) {
        case .document(let document):
            return document
        case .damaged(let problem):
            do {
                return try POSIXFile.withExclusiveLock(target + ".lock") { () throws(SystemCallError) in
                    try documentForWriting(target)
                }
            } catch {
                warnOnce(
                    "\(path) \(problem); it reads as no grants (every app is not determined). It could not "
                        + "be moved aside (\(error)), so nothing will be written over it; move it away yourself"
                )
                return ConsentDocument()
            }
        case .failed(let error):
            warnOnce("\(path) could not be read (\(error)); it reads as no grants (every app is not determined)")
            return ConsentDocument()
        case .newer(let problem):
            warnOnce(Self.newerMessage(path, problem))
            return ConsentDocument()
        case .refused(let kind):
            warnOnce(Self.refusedMessage(path, kind) + "; it reads as no grants (every app is not determined)")
            return ConsentDocument()
        }
    }

    static func refusedMessage(_ path: String, _ kind: String) -> String {
        "\(path) is \(kind), not a regular file, so it is neither read nor written (a consent file must be a "
            + "regular file); remove it, or use another consent file"
    }

    static func newerMessage(_ path: String, _ problem: String) -> String {
        "\(path) \(problem): a newer Whereabouts wrote it. It reads as no grants here and is left as it is "
            + "(nothing is written over it); use the newer Whereabouts, or move the file away to start afresh"
    }

    /// The document to change, read under the lock; a damaged file is moved aside first.
    private func documentForWriting(_ target: String) throws(SystemCallError) -> ConsentDocument {
        switch read(target) {
        case .document(let document):
            return document
        case .damaged(let problem):
            let aside = try POSIXFile.moveAside(target)
            warn(
                "\(path) \(problem); it reads as no grants (every app is not determined) and was moved aside "
                    + "to \(aside), so nothing was written over it"
            )
            return ConsentDocument()
        case .failed(let error):
            throw error
        case .newer:
            throw SystemCallError("refusing to write over a newer version", path, EEXIST)
        case .refused(let kind):
            throw SystemCallError(message: Self.refusedMessage(path, kind))
        }
    }

    /// Read-modify-write under the lock, replacing the file atomically.
    func modify<T>(_ change: (inout ConsentDocument) -> T) throws(LocationError) -> T {
        do throws(SystemCallError) {
            // A symbolic link stays one: the file it points to is what is locked, read and replaced.
            let target = POSIXFile.resolvingSymbolicLinks(path)
            try POSIXFile.makeDirectories((target as NSString).deletingLastPathComponent, permissions: 0o700)
            return try POSIXFile.withExclusiveLock(target + ".lock") { () throws(SystemCallError) -> T in
                var document = try documentForWriting(target)
                let result = change(&document)
                POSIXFile.removeLeftoverTemporaries(of: target)
                try POSIXFile.replace(target, with: document.rendered())
                return result
            }
        } catch {
            throw .consentStoreFailed("\(path) could not be written: \(error)")
        }
    }

    private func fixPermissions(_ target: String, _ permissions: UInt32) {
        let mode = "0" + String(permissions, radix: 8)
        do {
            try POSIXFile.setPermissions(target, 0o600)
            warn("\(path) had mode \(mode), so others could read or change it; its mode is now 0600")
        } catch {
            warnOnce("\(path) has mode \(mode), not 0600, and it could not be changed (\(error.reason))")
        }
    }

    private func warnAboutEntry(_ problem: String) {
        warnOnce(
            "\(path) \(problem); that app reads as not determined (no grant), and the entry stays in the "
                + "file until a new grant for the app replaces it"
        )
    }

    private func warn(_ message: String) {
        warned.insert(message)
        onWarning(message)
    }

    private func warnOnce(_ message: String) {
        guard !warned.contains(message) else { return }
        warn(message)
    }
}
