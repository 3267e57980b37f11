/// The text cameras and phones write into a photo's description (and tools
/// then copy into IPTC and XMP) when the photographer wrote none. The one list:
/// such text is never a caption or a title.
///
/// Gathered from what photo managers filter (PhotoPrism, gThumb, digiKam) and
/// camera sample collections: maker defaults ("OLYMPUS DIGITAL CAMERA", "SONY
/// DSC"), Android defaults ("Exif_JPEG_PICTURE"), Huawei's scene codes, DJI's
/// "default", and file paths on the card ("DCIM\100MEDIA\DJI_0001.JPG").
enum CameraBoilerplate {
  /// Compared in capitals with runs of whitespace made one space.
  static let texts: Set<String> = [
    "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "SAMSUNG", "SAMSUNG DIGITAL CAMERA",
    "SAMSUNG CAMERA PICTURES", "MINOLTA DIGITAL CAMERA", "KONICA MINOLTA DIGITAL CAMERA", "KODAK DIGITAL STILL CAMERA",
    "EASTMAN KODAK COMPANY", "NIKON DIGITAL CAMERA", "PENTAX DIGITAL CAMERA", "SANYO DIGITAL CAMERA",
    "FUJIFILM DIGITAL CAMERA", "EXIF_JPEG_PICTURE", "DEFAULT", "BINARY COMMENT",
    // Huawei and Honor phones name the camera mode they used.
    "RHDR", "HDRPL", "OZNORWO", "OZNOR", "FRONTBHDP", "FBT", "MON", "NOR", "DAV", "MDE", "MDE_SOFT", "EDF", "BTFMDN",
    "BTF", "BTFHDR", "FREM", "RPT", "BURST", "SDR_HDRB", "COF", "QRF",
  ]

  /// Whether `text` says nothing the photographer wrote: empty, only
  /// whitespace, a maker's default, or a path on the memory card.
  static func contains(_ text: String) -> Bool {
    let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" })
    guard !words.isEmpty else { return true }
    let normal = words.joined(separator: " ").uppercased()
    if texts.contains(normal) { return true }
    // A file path the camera wrote: "DCIM\100MEDIA\DJI_0001.JPG", "DCIM/100CANON".
    return words.count == 1 && (normal.hasPrefix("DCIM\\") || normal.hasPrefix("DCIM/"))
  }
}
