import Foundation
import WhereaboutsLint

/// libFuzzer's entry: reads the input as an Xcode `project.pbxproj`, as the linter's scanner does.
///
/// The reader must end in targets or in a finding: a trap, or both targets and a problem, is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBXProj(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let summary = ProjectFileParsing.readProject(Data(UnsafeRawBufferPointer(start: start, count: count))) else {
        return 0
    }
    precondition(summary.problem == nil || summary.keys.isEmpty, "targets and a problem at once")
    return 0
}
