import Foundation

@testable import GalleryCore

/// A metadata reader that needs no exiv2, for fake photos (`FakeCodec`'s
/// `FAKE WxH …` text): one whose text holds "exif" has a camera and a date
/// taken, "taken=" sets the date taken to the 19 characters after it and
/// "offset=" its offset to the 6 after it, and "desc=" gives the rest of the
/// text as its EXIF description. Raw values, as exiv2 gives them, so the real
/// interpreter runs on them.
package struct FakeMetadataReader: MetadataReader {
  package var fileSystem: FileSystem

  package init(fileSystem: FileSystem = LocalFileSystem()) { self.fileSystem = fileSystem }

  package func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
    let text = (try? fileSystem.contents(of: path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    var raw = RawMetadata()
    if text.contains("exif") {
      raw.values["Exif.Image.Make"] = .bytes(Array("Fake\0".utf8))
      raw.values["Exif.Image.Model"] = .bytes(Array("Fake Cam 1\0".utf8))
      raw.values["Exif.Photo.DateTimeOriginal"] = .text("2019:10:07 12:34:56")
    }
    if let range = text.range(of: "taken=") {
      raw.values["Exif.Photo.DateTimeOriginal"] = .text(String(text[range.upperBound...].prefix(19)))
    }
    if let range = text.range(of: "offset=") {
      raw.values["Exif.Photo.OffsetTimeOriginal"] = .text(String(text[range.upperBound...].prefix(6)))
    }
    if let range = text.range(of: "desc=") {
      raw.values["Exif.Image.ImageDescription"] = .bytes(Array(text[range.upperBound...].utf8))
    }
    let asked = Set(tags.map(\.key))
    raw.values = raw.values.filter { asked.contains($0.key) }
    return raw
  }
}
