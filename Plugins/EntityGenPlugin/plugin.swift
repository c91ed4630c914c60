import PackagePlugin

/// The build-tool plugin: generates machine files for a target's schema files on every build.
///
/// This is the shell the foundation issue asks for: the target and product exist so packages can
/// already depend on it. It creates no build commands yet; code generation fills it in. Until then,
/// run `swift run entitygen lint <schemas>` to check schema files.
@main
struct EntityGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        []
    }
}
