/// The `objects` table of a `project.pbxproj`: each object by its identifier, and by its slot (its place in the
/// table), which lets the reader keep facts about objects in arrays instead of dictionaries keyed by strings.
struct PBXObjectTable {
    /// The table as written.
    let table: ASCIIPlistDictionary

    /// The object with this identifier (the last one written); `nil` when there is none, or it is not a dictionary.
    subscript(id: String) -> ASCIIPlistDictionary? {
        table[id]?.dictionary
    }

    /// How many objects are written, an identifier written twice counted twice.
    var slotCount: Int { table.slotCount }

    /// The slot of the object with this identifier (the last one written).
    func slot(of id: String) -> Int? {
        table.slot(of: id)
    }

    /// The slot of the object whose identifier is the string `value` (of the same file).
    func slot(ofID value: ASCIIPlistValue) -> Int? {
        table.slot(ofKey: value)
    }

    /// The identifier written at a slot.
    func id(atSlot slot: Int) -> String {
        table.entry(atSlot: slot).key
    }

    /// The object written at a slot; `nil` when it is not a dictionary.
    func object(atSlot slot: Int) -> ASCIIPlistDictionary? {
        table.entry(atSlot: slot).value.dictionary
    }

    /// Each object (the last one written of each identifier) that is a dictionary, with its slot.
    func forEachObject(_ body: (_ slot: Int, _ object: ASCIIPlistDictionary) -> Void) {
        table.forEachEntry { slot, entry in
            if let object = entry.value.dictionary { body(slot, object) }
        }
    }
}
