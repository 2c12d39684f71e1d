/// What the Swift files declare that tells whose method a call is: the types of names, which types inherit from
/// or conform to which, and which Core Location method names the app's own types declare.
///
/// Each file's walk fills one; the project's are merged (``merge(_:)``) into a ``ReceiverContext`` that decides,
/// per call, whether its receiver is a `CLLocationManager`.
struct ReceiverFacts: Hashable, Sendable {
    /// Property name → the type names its declarations give (`"CLLocationManager"`), or `"=name"` for a property
    /// initialized from another name. Only type members: what other files can see.
    var memberTypes: [String: [String]] = [:]
    /// Type name → the types it inherits from or conforms to (including `extension CLLocationManager: P`).
    var inheritance: [String: [String]] = [:]
    /// Selectors (`startMonitoringSignificantLocationChanges()`, `startMonitoring(for:)`) the app's own classes,
    /// structs, actors and extensions of its own types declare.
    var appSelectors: Set<String> = []

    /// The types whose methods of the Core Location names are Core Location's.
    static let coreLocationTypes: Set<String> = ["CLLocationManager"]

    /// Adds another file's facts (in place, so merging every file of a project stays linear); the first
    /// declaration of a name stays first.
    mutating func merge(_ other: ReceiverFacts) {
        // Appending in place: `merge(_:uniquingKeysWith: +)` would copy a name's whole list at every file.
        for (name, types) in other.memberTypes { memberTypes[name, default: []].append(contentsOf: types) }
        for (type, parents) in other.inheritance { inheritance[type, default: []].append(contentsOf: parents) }
        appSelectors.formUnion(other.appSelectors)
    }

    /// The types a `CLLocationManager` value may be held as: `CLLocationManager`, its subclasses, and the
    /// protocols it is extended to conform to (and the protocols those inherit).
    func coreLocationLikeTypes() -> Set<String> {
        var like = Self.coreLocationTypes
        // Up: protocols Core Location's types conform to, and what those inherit.
        var pending = Self.coreLocationTypes.flatMap { inheritance[$0] ?? [] }
        while let next = pending.popLast() {
            if like.insert(next).inserted { pending += inheritance[next] ?? [] }
        }
        // Down: subclasses of CLLocationManager, to a fixed point (inheritance chains are short).
        var subclasses = Self.coreLocationTypes
        var changed = true
        while changed {
            changed = false
            for (type, parents) in inheritance where !subclasses.contains(type) {
                if parents.contains(where: subclasses.contains) {
                    subclasses.insert(type)
                    changed = true
                }
            }
        }
        return like.union(subclasses)
    }
}

/// Whose method a call is, as far as one file tells.
enum CallReceiver: Hashable, Sendable {
    /// Known to be a Core Location value (`CLLocationManager()`, `.init` on one, a static on the type).
    case coreLocation
    /// A variable, property or parameter, by name; its type is looked up in the file, then in the project.
    case name(String)
    /// A value of a named type (`Tracker().start…()`, `Tracker.shared.start…()`).
    case type(String)
    /// `self`, written or implied, in the named type.
    case selfIn(String)
    /// Anything else (a call's result, a subscript).
    case unknown
}

/// The project's facts about types, with the types a `CLLocationManager` may be held as worked out once.
struct ReceiverContext: Sendable {
    /// The merged facts of every Swift file.
    let facts: ReceiverFacts
    /// ``ReceiverFacts/coreLocationLikeTypes()`` of `facts`.
    let coreLocationLike: Set<String>

    /// Works out the Core Location types of a project's facts.
    ///
    /// - Parameter facts: The merged facts of every Swift file.
    init(_ facts: ReceiverFacts) {
        self.facts = facts
        self.coreLocationLike = facts.coreLocationLikeTypes()
    }
}
