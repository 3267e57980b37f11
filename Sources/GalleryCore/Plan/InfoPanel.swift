import Foundation

/// A photo's info panel: camera, lens, exposure, when it was taken, keywords
/// and rating, as the photo page shows them, and the same rows as JSON for the
/// thumbnail's `data-info`, which the lightbox's Info button shows. GPS, serial
/// numbers and owner names appear only when `metadata.publish` lists them.
struct InfoPanel: Sendable, Hashable, Encodable {
  struct Row: Sendable, Hashable, Encodable {
    var label: String
    var value: String
    /// What a screen reader says instead of `value`, when it is a picture (stars).
    var spoken: String?
  }

  var rows: [Row]
  /// `[["Camera","Canon EOS R6"],["Rating","★★★★☆","Rated 4 out of 5"],…]`.
  var json: String

  /// The panel of `photo`, or nil when the site shows none or the photo has
  /// nothing to show. `images.exif` picks the rows and their order; all of
  /// them when it lists none.
  static func make(for photo: Photo, config: SiteConfig) -> InfoPanel? {
    guard config.metadata.showsInfo(exif: config.exif) else { return nil }
    let metadata = photo.metadata
    let fields = config.exif.isEmpty ? ExifField.allCases : config.exif
    var rows = fields.compactMap { field in row(field, of: metadata) }
    for field in config.metadata.publish {
      let value: String? =
        switch field {
        case .gps: metadata.gps
        case .serial: metadata.serial
        case .owner: metadata.owner
        }
      if let value { rows.append(Row(label: field.label, value: value)) }
    }
    guard !rows.isEmpty else { return nil }
    return InfoPanel(rows: rows, json: json(rows))
  }

  static func row(_ field: ExifField, of metadata: MediaMetadata) -> Row? {
    let value: String?
    switch field {
    case .camera: value = metadata.camera
    case .lens: value = metadata.lens
    case .exposure: value = MetadataDisplay.exposure(metadata)
    case .date: value = metadata.taken.flatMap { MetadataDisplay.taken($0, offset: metadata.takenOffset) }
    case .keywords: value = metadata.keywords.isEmpty ? nil : metadata.keywords.joined(separator: ", ")
    case .rating:
      return metadata.rating.map {
        Row(label: field.label, value: MetadataDisplay.stars($0), spoken: "Rated \($0) out of 5")
      }
    }
    return value.map { Row(label: field.label, value: $0) }
  }

  /// Arrays rather than objects: shorter in every thumbnail's markup.
  private static func json(_ rows: [Row]) -> String {
    let arrays = rows.map { [$0.label, $0.value] + ($0.spoken.map { [$0] } ?? []) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(arrays) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }
}
