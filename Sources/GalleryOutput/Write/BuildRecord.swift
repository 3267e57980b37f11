import Crypto
import Foundation
import GalleryCore
import GalleryImages

/// The last successful build to an output folder, and a fingerprint of what it
/// was made from. When nothing it was made from has changed, the output is
/// still exactly right and a rebuild need not load, render or compare anything:
/// the same check sigal and make do, by size and modification time.
struct BuildRecord: Codable, Equatable {
  var fingerprint: String
  var output: String
  var pages: Int
  var files: Int
  var bytes: Int
  var images: Int

  /// Everything the output depends on, short of reading it: every input file's
  /// path, size and modification time (content/ and templates/), the program
  /// itself and its codec, the options that change output, and the day, since
  /// cats' ages are counted from it. `output` is the output as its owner
  /// names it (`OutputOwner.path`), `program` the running program, if known.
  ///
  /// `settled` is false when a file changed in the last two seconds: a second
  /// edit within the file system's timestamp granularity could keep both size
  /// and time, so such a fingerprint is not trusted later (git's "racily
  /// clean" rule).
  static func fingerprint(
    options: BuildOptions, output: String, program: ProgramIdentity?, fileSystem: FileSystem, codec: ImageCodec,
    day: Date, clock: Date
  ) -> (value: String, settled: Bool) {
    var hasher = SHA256()
    func add(_ text: String) {
      hasher.update(data: Data(text.utf8))
      hasher.update(data: Data([0]))
    }
    add(Version.current)
    add(String(describing: type(of: codec)))
    if let program { add("\(program.path) \(program.size) \(program.modified)") }
    add(output)
    add(options.baseURL ?? "-")
    add("\(options.strict)")
    add(Dates.day(day))
    var newest = 0.0
    // Only to list the files: nothing is opened.
    let loader = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: NoMetadata(), index: PhotoIndex())
    for folder in ["content", "templates"] {
      let base = Path.join(options.siteRoot, folder)
      for file in loader.files(under: base) {
        guard let attributes = try? fileSystem.attributes(of: Path.join(base, file)) else { continue }
        add("\(folder)/\(file) \(attributes.size) \(attributes.modified)")
        newest = max(newest, attributes.modified)
      }
    }
    let value = hasher.finalize().hex
    return (value, newest < clock.timeIntervalSince1970 - 2)
  }
}
