import Foundation

/// What a media file says about itself, read by a library made for it (exiv2)
/// from EXIF, IPTC and XMP (`MetadataInterpreter` decides which tag wins): the
/// values, not their wording (`MetadataDisplay` words them). Private fields are
/// read so that a site can opt them in; they are never published otherwise.
package struct MediaMetadata: Sendable, Hashable, Codable {
  /// XMP dc:description, else IPTC Caption-Abstract, else EXIF ImageDescription,
  /// camera boilerplate ignored; whole, never cut.
  package var caption: String?
  /// XMP dc:title, else IPTC ObjectName.
  package var title: String?
  /// EXIF DateTimeOriginal as written ("2023:05:01 14:03:22"), with OffsetTimeOriginal
  /// ("+02:00") when the file has one.
  package var taken: String?
  package var takenOffset: String?
  /// Make and model as a photographer names the camera ("Canon EOS 5D Mark IV").
  package var camera: String?
  package var lens: String?
  /// Millimetres, f-number, seconds, ISO speed.
  package var focalLength: Double?
  package var aperture: Double?
  package var exposure: Double?
  package var iso: Int?
  package var keywords: [String] = []
  /// XMP Rating, 0–5.
  package var rating: Int?

  // Never published unless site.yml opts the field in (`metadata.publish`).
  /// "47.3769, 8.5417" (decimal degrees to five places, north and east positive).
  package var gps: String?
  /// Camera body and lens serial numbers.
  package var serial: String?
  /// Camera owner, artist, creator and copyright holder names, "; " between them.
  package var owner: String?

  package init() {}
}

extension MediaMetadata: Boxable {
  /// A file that says nothing about itself: most photos' metadata once read.
  package static let empty = MediaMetadata()
}
