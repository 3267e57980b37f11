import ArgumentParser
import Foundation
import GalleryContent
import GalleryCore

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Create a new site with one small example of every input file.",
    discussion: "Refuses a folder that exists and is not empty."
  )

  @Argument(help: ArgumentHelp("The folder to create.", valueName: "dir"))
  var folder: String

  func run() throws {
    do {
      let written = try SiteInitializer.create(at: folder, fileSystem: LocalFileSystem())
      for path in written { Console.out("  created \(folder)/\(path)") }
      Console.out("next: cd \(folder) && catgallery serve")
    } catch {
      Console.print(.error(error.description))
      throw ExitCode.failure
    }
  }
}
