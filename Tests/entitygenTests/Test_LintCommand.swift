import Foundation
import Testing

/// Runs the built `entitygen` executable as a user would.
@Suite struct Test_LintCommand {
    @Test func placeholderUntilWritten() {}
}
