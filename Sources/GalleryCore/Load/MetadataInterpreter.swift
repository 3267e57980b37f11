import Foundation

/// Turns the raw tags a `MetadataReader` found into `MediaMetadata`: which
/// tag wins, which character set text is in, which values say nothing. Pure, so
/// every rule is tested on values rather than files.
package enum MetadataInterpreter {
  /// Every tag read, and in which form: the reader fetches exactly these.
  package static let tags: [MetadataTag] = [
    MetadataTag("Xmp.dc.description", .text), MetadataTag("Iptc.Application2.Caption", .bytes),
    MetadataTag("Exif.Image.ImageDescription", .bytes),
    MetadataTag("Xmp.dc.title", .text), MetadataTag("Iptc.Application2.ObjectName", .bytes),
    MetadataTag("Exif.Photo.DateTimeOriginal", .text), MetadataTag("Exif.Photo.OffsetTimeOriginal", .text),
    MetadataTag("Xmp.exif.DateTimeOriginal", .text), MetadataTag("Xmp.photoshop.DateCreated", .text),
    MetadataTag("Exif.Image.Make", .bytes), MetadataTag("Exif.Image.Model", .bytes),
    MetadataTag("Exif.Photo.LensModel", .bytes), MetadataTag("Xmp.aux.Lens", .text),
    MetadataTag("Exif.Photo.FocalLength", .text), MetadataTag("Exif.Photo.FNumber", .text),
    MetadataTag("Exif.Photo.ApertureValue", .text), MetadataTag("Exif.Photo.ExposureTime", .text),
    MetadataTag("Exif.Photo.ISOSpeedRatings", .text),
    MetadataTag("Xmp.dc.subject", .values), MetadataTag("Iptc.Application2.Keywords", .values),
    MetadataTag("Xmp.xmp.Rating", .text), MetadataTag("Exif.Image.Rating", .text),
    MetadataTag("Exif.GPSInfo.GPSLatitude", .text), MetadataTag("Exif.GPSInfo.GPSLatitudeRef", .text),
    MetadataTag("Exif.GPSInfo.GPSLongitude", .text), MetadataTag("Exif.GPSInfo.GPSLongitudeRef", .text),
    MetadataTag("Exif.Photo.BodySerialNumber", .bytes), MetadataTag("Exif.Photo.LensSerialNumber", .bytes),
    MetadataTag("Xmp.aux.SerialNumber", .text),
    MetadataTag("Exif.Photo.CameraOwnerName", .bytes), MetadataTag("Exif.Image.Artist", .bytes),
    MetadataTag("Xmp.dc.creator", .values), MetadataTag("Iptc.Application2.Byline", .values),
    MetadataTag("Exif.Image.Copyright", .bytes), MetadataTag("Iptc.Application2.Copyright", .bytes),
    MetadataTag("Xmp.dc.rights", .text),
  ]

  package static func interpret(_ raw: RawMetadata) -> MediaMetadata {
    var metadata = MediaMetadata()
    let stored = { (key: String) in raw.bytes(key).map(MetadataText.decode) }
    let alternative = { (key: String) in raw.text(key).map(MetadataText.languageDefault) }
    // XMP first: the newest standard, and what editors update when the
    // photographer edits the caption; IPTC-IIM next; EXIF's, which cameras
    // fill with their own name, last.
    metadata.caption = written(
      alternative("Xmp.dc.description"), stored("Iptc.Application2.Caption"), stored("Exif.Image.ImageDescription"))
    metadata.title = written(alternative("Xmp.dc.title"), stored("Iptc.Application2.ObjectName"))
    if let taken = raw.text("Exif.Photo.DateTimeOriginal").flatMap(MetadataText.tidy), !taken.hasPrefix("0000") {
      metadata.taken = taken
      metadata.takenOffset = raw.text("Exif.Photo.OffsetTimeOriginal").flatMap(MetadataText.tidy)
    } else if let (taken, offset) = [raw.text("Xmp.exif.DateTimeOriginal"), raw.text("Xmp.photoshop.DateCreated")]
      .lazy.compactMap({ $0 }).compactMap(xmpDate).first
    {
      // An XMP sidecar's date: exiv2 does not copy it into EXIF.
      metadata.taken = taken
      metadata.takenOffset = offset
    }
    metadata.camera = CameraName.make(make: stored("Exif.Image.Make"), model: stored("Exif.Image.Model"))
    metadata.lens = [stored("Exif.Photo.LensModel"), raw.text("Xmp.aux.Lens")].lazy.compactMap { $0 }
      .compactMap(MetadataText.tidy).first(where: namesLens)
    metadata.focalLength = raw.text("Exif.Photo.FocalLength").flatMap(positive)
    metadata.aperture =
      raw.text("Exif.Photo.FNumber").flatMap(positive)
      // APEX: the f-number is 2^(value/2).
      ?? raw.text("Exif.Photo.ApertureValue").flatMap(number).map { pow(2, $0 / 2) }
    metadata.exposure = raw.text("Exif.Photo.ExposureTime").flatMap(positive)
    metadata.iso = raw.text("Exif.Photo.ISOSpeedRatings")?.split(separator: " ").first.flatMap { Int($0) }
      .flatMap { $0 > 0 ? $0 : nil }
    metadata.keywords = keywords(
      raw.list("Xmp.dc.subject") + raw.list("Iptc.Application2.Keywords"))
    metadata.rating = [raw.text("Xmp.xmp.Rating"), raw.text("Exif.Image.Rating")].lazy.compactMap { $0 }
      .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.first
      .flatMap { (1...5).contains($0) ? Int($0.rounded()) : nil }
    metadata.gps = gps(raw)
    metadata.serial = joined([
      stored("Exif.Photo.BodySerialNumber"), raw.text("Xmp.aux.SerialNumber"), stored("Exif.Photo.LensSerialNumber"),
    ])
    metadata.owner = joined(
      [stored("Exif.Photo.CameraOwnerName"), stored("Exif.Image.Artist")]
        + (raw.list("Xmp.dc.creator") + raw.list("Iptc.Application2.Byline")).map(MetadataText.decode)
        + [stored("Exif.Image.Copyright"), stored("Iptc.Application2.Copyright"), alternative("Xmp.dc.rights")])
    return metadata
  }

  /// The first text the photographer wrote: camera boilerplate and blanks skipped.
  static func written(_ candidates: String?...) -> String? {
    candidates.lazy.compactMap { $0 }.first { !CameraBoilerplate.contains($0) }.flatMap(MetadataText.tidy)
  }

  /// Keywords in the order written, each once (XMP and IPTC usually repeat each other).
  static func keywords(_ values: [[UInt8]]) -> [String] {
    var seen: Set<String> = []
    return values.compactMap { bytes in
      guard let keyword = MetadataText.tidy(MetadataText.decode(bytes)), seen.insert(keyword.lowercased()).inserted
      else { return nil }
      return keyword
    }
  }

  /// An XMP date ("2021-06-01T12:30:00+02:00", seconds and zone optional)
  /// as EXIF writes a date taken, and its zone; nil when it names no time.
  static func xmpDate(_ text: String) -> (String, String?)? {
    let text = text.trimmingCharacters(in: .whitespaces)
    let shape = String(text.map { $0.isASCII && $0.isNumber ? "d" : $0 })
    guard shape.hasPrefix("dddd-dd-ddTdd:dd"), !text.hasPrefix("0000") else { return nil }
    let hasSeconds = shape.dropFirst(16).hasPrefix(":dd")
    let time = text.dropFirst(11).prefix(hasSeconds ? 8 : 5) + (hasSeconds ? "" : ":00")
    var zone = shape.dropFirst(hasSeconds ? 19 : 16)
    if zone.hasPrefix(".") { zone = zone.drop { $0 == "." || $0 == "d" } }
    let offset = String(text.suffix(zone.count))
    let knownOffset =
      offset == "Z" ? "+00:00" : (zone == "+dd:dd" || zone == "-dd:dd") ? offset : nil
    return (text.prefix(10).replacingOccurrences(of: "-", with: ":") + " " + time, knownOffset)
  }

  /// Cameras without lens data write placeholders: "----", "0.0 mm f/0.0".
  static func namesLens(_ text: String) -> Bool {
    text.contains { $0.isLetter && !"mMfF".contains($0) || $0.isNumber && $0 != "0" }
  }

  /// A rational ("14/5") or plain ("2.8") number, as exiv2 writes one.
  static func number(_ text: String) -> Double? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/")
    if parts.count == 1 { return Double(parts[0]) }
    guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0
    else { return nil }
    return numerator / denominator
  }

  static func positive(_ text: String) -> Double? {
    number(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
  }

  /// "47.37690, 8.54170": degrees, minutes and seconds (three rationals) with
  /// their N/S and E/W references, in decimal degrees.
  static func gps(_ raw: RawMetadata) -> String? {
    func degrees(_ key: String, negative: String) -> Double? {
      guard let text = raw.text("Exif.GPSInfo.\(key)") else { return nil }
      let parts = text.split(separator: " ").compactMap { number(String($0)) }
      guard parts.count == 3 else { return nil }
      let value = parts[0] + parts[1] / 60 + parts[2] / 3600
      let reference = raw.text("Exif.GPSInfo.\(key)Ref")?.trimmingCharacters(in: .whitespaces).uppercased()
      return reference == negative ? -value : value
    }
    guard let latitude = degrees("GPSLatitude", negative: "S"), let longitude = degrees("GPSLongitude", negative: "W")
    else { return nil }
    return place(latitude: latitude, longitude: longitude)
  }

  /// "47.37690, 8.54170" from decimal degrees; nil when off the globe.
  static func place(latitude: Double, longitude: Double) -> String? {
    guard abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
    return "\(decimal(latitude)), \(decimal(longitude))"
  }

  /// Five decimals (about a metre), trailing zeros left out.
  private static func decimal(_ value: Double) -> String {
    var text = String(format: "%.5f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Distinct names, joined; nil when none.
  private static func joined(_ names: [String?]) -> String? {
    var seen: Set<String> = []
    let distinct = names.compactMap { $0.flatMap(MetadataText.tidy) }.filter { seen.insert($0).inserted }
    return distinct.isEmpty ? nil : distinct.joined(separator: "; ")
  }
}
