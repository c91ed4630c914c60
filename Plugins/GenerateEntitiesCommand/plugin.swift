import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-entities`: writes machine and human
/// files into the source tree, for users who commit generated code.
///
/// Until generation lands, the command checks every schema file in the package's source targets with
/// `entitygen lint` and fails on errors, so the verb is already safe to wire into scripts.
@main
struct GenerateEntitiesCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "entitygen")
        let folders = context.package.targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }
        guard !folders.isEmpty else { return }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + folders + arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus == 1 {
            Diagnostics.error("entitygen lint found errors in the package's schema files")
        } else if process.terminationStatus != 0 {
            Diagnostics.error("entitygen lint failed (status \(process.terminationStatus))")
        }
    }
}
