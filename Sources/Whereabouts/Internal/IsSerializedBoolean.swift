import Foundation

/// Whether a value from `PropertyListSerialization` or `JSONSerialization` is a boolean, not a
/// number: Foundation bridges both to `NSNumber`, and `1 as? Bool` succeeds.
package func isSerializedBoolean(_ value: Any) -> Bool {
    if type(of: value) == Bool.self { return true }
    #if canImport(Darwin)
    guard let number = value as? NSNumber else { return false }
    return CFGetTypeID(number) == CFBooleanGetTypeID()
    #else
    return String(describing: type(of: value)) == "__NSCFBoolean"
    #endif
}
