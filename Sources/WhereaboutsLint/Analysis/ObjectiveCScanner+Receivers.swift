/// What an Objective-C file tells about the receivers of its messages.
extension ObjectiveCScanner {
    /// Declared names and their classes, the file's own selectors, and whether Core Location is imported.
    struct ReceiverScan {
        /// Name → class, from `Class *name` (ivars, properties, locals) and `(Class *)name` (parameters); a
        /// property `name` is also declared as its ivar `_name`.
        private(set) var declared: [String: String] = [:]
        /// `CLLocationManager` and the subclasses the file declares (`@interface Tracker : CLLocationManager`).
        private(set) var locationManagerClasses: Set<String> = ["CLLocationManager"]
        /// Selectors of the methods the file implements or declares (`- (void)requestAlwaysAuthorization`).
        private(set) var ownSelectors: Set<String> = []
        /// Whether the file imports CoreLocation or MapKit, or names `CLLocationManager`.
        private(set) var seesCoreLocation = false

        init(_ tokens: [Token]) {
            func token(_ index: Int) -> Token? { tokens.indices.contains(index) ? tokens[index] : nil }
            var depth = 0
            for (index, current) in tokens.enumerated() {
                if current.is("[") { depth += 1 }
                if current.is("]") { depth = max(0, depth - 1) }
                guard current.kind == .identifier else { continue }
                if current.text == "CLLocationManager" { seesCoreLocation = true }
                if current.text == "import",
                    [token(index + 1), token(index + 2)].contains(where: {
                        $0?.text == "CoreLocation" || $0?.text == "MapKit"
                    })
                {
                    seesCoreLocation = true
                }
                if current.text.first?.isUppercase == true, token(index + 1)?.is("*") == true,
                    let after = token(index + 2)
                {
                    if after.kind == .identifier {
                        // `Class *name`: an ivar, a local, or a property (whose ivar is `_name`).
                        declared[after.text] = current.text
                        var back = index - 1
                        while back >= 0, back >= index - 12, !tokens[back].is(";"), !tokens[back].is("{") {
                            if tokens[back].text == "property" { declared["_" + after.text] = current.text }
                            back -= 1
                        }
                    } else if after.is(")"), token(index - 1)?.is("(") == true, let parameter = token(index + 3),
                        parameter.kind == .identifier
                    {
                        // `(Class *)name`: a parameter.
                        declared[parameter.text] = current.text
                    }
                }
                // `@interface Name : CLLocationManager`
                if current.text == "interface", let name = token(index + 1), token(index + 2)?.is(":") == true,
                    let parent = token(index + 3), locationManagerClasses.contains(parent.text)
                {
                    locationManagerClasses.insert(name.text)
                }
                // `- (void)selector` or `- (void)selector:(…)`: a method of the file's own class.
                if depth == 0, token(index - 1)?.is(")") == true {
                    var back = index - 2
                    while back >= 0, !tokens[back].is("(") { back -= 1 }
                    if back >= 1, tokens[back - 1].is("-") || tokens[back - 1].is("+") {
                        ownSelectors.insert(current.text)
                    }
                }
            }
        }

        /// Whether a message with this first selector piece, sent to the receiver spelled by `receiver`, may go
        /// to a `CLLocationManager`.
        func mayBeLocationManager(_ receiver: ArraySlice<Token>, selector: String) -> Bool {
            if receiver.contains(where: { locationManagerClasses.contains($0.text) }) { return true }
            guard let last = receiver.last else { return false }
            var name: String?
            if last.kind == .identifier {
                name = last.text
            } else if last.is("]"), receiver.count >= 2 {
                // `[[self locationManager] requestAlwaysAuthorization]`: the inner message's selector.
                let inner = receiver[receiver.index(before: receiver.endIndex - 1)]
                if inner.kind == .identifier { name = inner.text }
            }
            if let name, name != "self", name != "super", let type = declared[name] {
                return locationManagerClasses.contains(type)
            }
            // `[self requestAlwaysAuthorization]` in a class that implements it calls the app's own method.
            if name == "self" || name == "super", ownSelectors.contains(selector) { return false }
            return seesCoreLocation
        }
    }
}
