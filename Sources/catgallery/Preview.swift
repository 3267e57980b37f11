import ArgumentParser
import Foundation
import GalleryCore
import GalleryImages
import GalleryOutput
import GalleryServe
import GalleryVideo

struct Preview: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Turn any folder of photos into a gallery at once, with nothing to write.",
    discussion: """
      Subfolders become albums with pages of their own, at any depth; a folder's index.md \
      gives its album a title, text, cover, order or zip, and a site.yml at the top of DIR \
      sets what a site's would (sort, zip, images, metadata). A photo's embedded caption (XMP, IPTC or EXIF, read by \
      exiv2) or else its file name becomes its caption, and an info panel shows its camera, \
      lens, exposure and date taken; names sort naturally (IMG_2 before IMG_10). \
      Nothing is written inside DIR: derivatives and pages go to your cache folder \
      ($XDG_CACHE_HOME/catgallery, or ~/.cache/catgallery). Pages are served at once and \
      thumbnails fill in as they are made.
      """
  )

  @Argument(help: ArgumentHelp("The folder of photos.", valueName: "dir"))
  var folder: String

  @Option(
    name: .long, help: ArgumentHelp("Write the static site to this folder instead of serving it.", valueName: "dir"))
  var buildTo: String?

  @Flag(name: .long, help: "With --build-to, replace a folder that catgallery did not make (never a protected one).")
  var force = false

  @OptionGroup var server: ServerOptions

  @Flag(name: [.short, .long], help: "Print only errors and warnings.")
  var quiet = false

  @Flag(name: [.short, .long], help: "With --build-to, also print the time each stage took.")
  var verbose = false

  func run() async throws {
    let settings = PreviewSettings(
      folder: folder, cacheHome: Console.cacheHome, server: server.settings,
      buildTo: buildTo.map { URL(fileURLWithPath: $0).standardizedFileURL.path }, force: force, quiet: quiet,
      verbose: verbose)
    let codec = try Console.codec()
    let report = server.reporter(quiet: quiet, verbose: verbose, opensBrowser: true)
    let metadata = try Console.metadataReader()
    let fileSystem = LocalFileSystem()
    // The program's own identity: a rebuilt catgallery makes the last build's record stale.
    let program = ProgramIdentity(executable: Bundle.main.executablePath, fileSystem: fileSystem)
    guard
      await PreviewSession.run(
        settings, fileSystem: fileSystem, codec: codec, metadata: metadata, video: Console.videoTool(),
        program: program, report: report)
    else {
      throw ExitCode.failure
    }
  }
}
