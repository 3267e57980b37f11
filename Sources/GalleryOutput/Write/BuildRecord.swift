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
  /// What the build said (warnings and notes), in its order, for the short
  /// cut to say again. Nil in a record from before builds with warnings were
  /// recorded: those had none.
  var diagnostics: [Diagnostic]?

  /// Everything the output depends on, short of reading it: every input file's
  /// name, size and modification time (`inputs`: a site's content/ and
  /// templates/, or a previewed folder; `path` is where to find the file and
  /// `name` how the fingerprint records it; one that is missing is passed
  /// over, so one that appears later changes the fingerprint), the program
  /// itself, its codec and what its ffmpeg can do (`video`; nil: none), the
  /// options that change output, and the day, since cats' ages are counted
  /// from it. `output` is the output as its owner names it
  /// (`OutputOwner.path`), `program` the running program, if known.
  ///
  /// `settled` is false when a file changed in the last two seconds: a second
  /// edit within the file system's timestamp granularity could keep both size
  /// and time, so such a fingerprint is not trusted later (git's "racily
  /// clean" rule).
  static func fingerprint(
    inputs: [(name: String, path: String)], options: BuildOptions, output: String, program: ProgramIdentity?,
    fileSystem: FileSystem, codec: ImageCodec, video: VideoCapabilities?, day: Date, clock: Date
  ) -> (value: String, settled: Bool) {
    var hasher = SHA256()
    func add(_ text: String) {
      hasher.update(data: Data(text.utf8))
      hasher.update(data: Data([0]))
    }
    add(Version.current)
    add(String(describing: type(of: codec)))
    // Installing ffmpeg brings in the videos a build without it left out
    // (with a warning that the short cut would otherwise say forever).
    add(video.map { "ffmpeg \($0.isAvailable) \($0.toneMapping)" } ?? "no video tool")
    if let program { add("\(program.path) \(program.size) \(program.modified)") }
    add(output)
    add(options.baseURL ?? "-")
    add("\(options.strict)")
    add(Dates.day(day))
    var newest = 0.0
    // The status change time too: a file whose bytes were replaced and its
    // modification time set back (`cp -p` from a backup, `rsync -t`), or a
    // photo that was unreadable (left out, with a warning the record keeps)
    // and is readable now, keeps its size and modification time.
    for input in inputs {
      guard let (attributes, changed) = try? fileSystem.status(of: input.path) else { continue }
      add("\(input.name) \(attributes.size) \(attributes.modified) \(changed)")
      newest = max(newest, attributes.modified, changed)
    }
    let value = hasher.finalize().hex
    return (value, newest < clock.timeIntervalSince1970 - 2)
  }
}
