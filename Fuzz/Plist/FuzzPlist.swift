import Foundation
import WhereaboutsLint

/// libFuzzer's entry: reads the input as an Info.plist (XML, binary or OpenStep), as the linter's scanner does.
///
/// The reader must end in keys or in a finding: a trap, or both keys and a problem, is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let summary = ProjectFileParsing.readInfoPlist(Data(UnsafeRawBufferPointer(start: start, count: count)))
    precondition(summary.problem == nil || summary.keys.isEmpty, "keys and a problem at once")
    return 0
}
