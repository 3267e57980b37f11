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

  /// The real load, resize and save of a photo (`VipsCodec.render`): what
  /// the header reads is planned as `preview` plans it, small (64 px, 16 px
  /// squares, a link-preview copy), and made into scratch files. A header
  /// claiming more than 4 megapixels (frames counted) is left at the header,
  /// as the build refuses a photo over `images.max_megapixels`: decoding it
  /// would only make each run slow.
  public static func imageRender(_ data: Data) {
    guard let codec, (try? data.write(to: URL(fileURLWithPath: scratchImage))) != nil,
      let header = try? codec.header(of: scratchImage),
      header.width * header.height * max(1, header.frames) <= 4_000_000
    else { return }
    var config = SiteConfig.preview
    config.widths = [64]
    config.thumbnail = 16
    let file = PhotoFile(relativePath: "fuzz.img", file: "fuzz.img", path: scratchImage, hash: "fuzz", header: header)
    guard let photo = Photo(file),
      let job = DerivativePlanner.plan([photo], config: config, share: { _ in true }).first
    else { return }
    let outputs = job.all.map { ($0.spec, scratchImage + "-" + $0.fileName) }
    _ = try? codec.render(source: scratchImage, run: job.chain.run(writing: outputs))
    for (_, path) in outputs { try? FileManager.default.removeItem(atPath: path) }
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
