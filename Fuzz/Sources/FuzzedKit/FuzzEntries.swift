import Foundation
import GalleryCore
import GalleryImages

/// What each fuzz target feeds its input to. Every loader must turn any bytes
/// into a value or a diagnostic: a crash, a hang or a runaway allocation is a bug.
public enum FuzzEntries {
  /// XML and binary property lists (`PlistReader.parse`).
  public static func plist(_ data: Data) {
    _ = try? PlistReader.parse(data, file: "fuzz.plist")
  }

  /// JSON (`JSONReader.parse`).
  public static func json(_ data: Data) {
    _ = try? JSONReader.parse(data, file: "fuzz.json")
  }

  /// YAML as site.yml (`YAMLReader.parse`) and as a note with front matter (`FrontMatter.split`).
  public static func yaml(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    _ = try? YAMLReader.parse(text, file: "fuzz.yml")
    var diagnostics = DiagnosticCollector()
    _ = FrontMatter.split(NoteSource(file: "fuzz.md", breedID: "fuzz", text: text), diagnostics: &diagnostics)
  }

  /// Markdown through libcmark (`Markdown.html`).
  public static func markdown(_ data: Data) {
    let note = Note(file: "fuzz.md", frontMatter: [:], markdown: String(decoding: data, as: UTF8.self), firstLine: 1)
    _ = Markdown.html(note, headingShift: 1)
  }

  /// libvips' header read (`VipsCodec.header(of:)`), which takes a path: the
  /// input goes to one scratch file per process first.
  public static func imageHeader(_ data: Data) {
    guard let codec, (try? data.write(to: URL(fileURLWithPath: scratchImage))) != nil else { return }
    _ = try? codec.header(of: scratchImage)
  }

  private static let codec = try? VipsCodec(fileSystem: LocalFileSystem())
  private static let scratchImage = NSTemporaryDirectory() + "catgallery-fuzz-\(getpid()).img"

  /// A posted form (`FormData.parse`), as multipart with the boundary the
  /// seeds use and as url-encoded: the bytes come from whoever reaches `serve`.
  public static func form(_ data: Data) {
    _ = FormData.parse(data, contentType: "multipart/form-data; boundary=XyZ")
    _ = FormData.parse(data, contentType: "application/x-www-form-urlencoded")
  }
}
