import PackagePlugin
@main struct GenerateEntitiesCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
