import ArgumentParser
import Foundation
import GalleryCore

@main
struct Catgallery: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "catgallery",
    abstract: "Turns a folder of photos and cat data into a static website.",
    version: Version.current,
    subcommands: [Build.self, Serve.self, Preview.self, Init.self, Fetch.self, Cats.self, Caption.self],
    defaultSubcommand: Build.self
  )

  /// Exits 0 on success (and for --help/--version) and 1 on any error, usage
  /// errors included, rather than ArgumentParser's 64.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      if exitCode(for: error) == .success { exit(withError: error) }
      // ArgumentParser says "Error:"; every other line catgallery prints is a
      // diagnostic, "error:". Its usage text after the first line goes along.
      let message = fullMessage(for: error)
      if message.hasPrefix("Error: ") {
        Console.print(.error(String(message.dropFirst("Error: ".count))))
      } else if !message.isEmpty {
        Console.error(message)
      }
      exit(withError: ExitCode.failure)
    }
  }
}

/// Options every command that reads a site and reports progress shares.
struct SiteOptions: ParsableArguments {
  @OptionGroup var folder: SiteFolder

  @Flag(name: [.short, .long], help: "Print only errors and warnings.")
  var quiet = false

  @Flag(
    name: [.short, .long],
    help: "Also print details: the time each stage took (build), the requests made (fetch), every repeated warning.")
  var verbose = false

  var siteRoot: String { folder.root }
}
