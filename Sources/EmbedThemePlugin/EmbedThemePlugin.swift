import Foundation
import PackagePlugin

/// Embeds the top-level templates/ folder into GalleryCore as Swift source, so the
/// built binary carries the default theme and the repository keeps one copy of it.
@main
struct EmbedThemePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let themeDirectory = context.package.directoryURL.appending(path: "templates")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
    let files = Self.files(under: themeDirectory)
    return [
      .buildCommand(
        displayName: "Embedding theme from templates/",
        executable: try context.tool(named: "ThemeEmbedder").url,
        arguments: [themeDirectory.path(), output.path()],
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }

  /// Every regular file below the theme folder; listed so edits trigger a re-embed.
  static func files(under directory: URL) -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    return enumerator.compactMap { item in
      guard let url = item as? URL,
        (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      else { return nil }
      return url
    }
    .sorted { $0.path < $1.path }
  }
}
