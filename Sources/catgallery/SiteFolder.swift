import ArgumentParser
import Foundation

/// `--site`, the one option every command that reads a site has: the
/// `cats` and `caption` commands take it alone, the others within `SiteOptions`.
struct SiteFolder: ParsableArguments {
  @Option(
    name: .long, help: ArgumentHelp("The site folder: it holds content/ and optionally templates/.", valueName: "dir"))
  var site: String = "."

  /// The site folder as an absolute, standardised path.
  var root: String { URL(fileURLWithPath: site).standardizedFileURL.path }
}
