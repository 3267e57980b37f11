/// The image formats catgallery reads. A photo's format is decided by its
/// content (the loader libvips picks from its first bytes), never by its name.
package enum ImageFormat: String, Sendable, CaseIterable {
  case jpeg, png, webp, gif, tiff, heif, jxl

  /// The name people know the format by, for messages.
  package var name: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .webp: "WebP"
    case .gif: "GIF"
    case .tiff: "TIFF"
    case .heif: "HEIF"
    case .jxl: "JPEG XL"
    }
  }

  /// Whether several frames of a file in this format are an animation, as in
  /// GIF and WebP; a TIFF's or HEIF's pages are other pictures, shown as a
  /// still of the first.
  package var animates: Bool { self == .gif || self == .webp }

  /// Lowercased file name extensions that announce this format. AVIF is HEIF
  /// holding AV1 pictures: the same loader reads both, under either name.
  var extensions: Set<String> {
    switch self {
    // An MPO (a 3D camera's pair) is JPEG with more pictures after the
    // first, which is the one shown.
    case .jpeg: ["jpg", "jpeg", "mpo"]
    case .png: ["png"]
    case .webp: ["webp"]
    case .gif: ["gif"]
    case .tiff: ["tif", "tiff"]
    case .heif: ["heic", "heif", "avif"]
    case .jxl: ["jxl"]
    }
  }

  /// The supported format read by the libvips loader `nickname` ("jpegload"), if any.
  package init?(loader nickname: String) {
    switch nickname {
    case "jpegload": self = .jpeg
    case "pngload": self = .png
    case "webpload": self = .webp
    case "gifload": self = .gif
    case "tiffload": self = .tiff
    case "heifload": self = .heif
    case "jxlload": self = .jxl
    default: return nil
    }
  }

  /// The message for a file in a format catgallery does not read.
  package static func unsupported(_ name: String?) -> String {
    let what = name.map { " (\($0))" } ?? ""
    return "unsupported image format\(what): export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF"
  }

  /// What an unsupported file is: by the libvips loader that recognised it, or,
  /// for the many formats libvips leaves to ImageMagick (which tells nothing
  /// without parsing the file), by the signature in its first bytes. Nil when
  /// neither knows.
  package static func unsupportedName(loader nickname: String, head: [UInt8]) -> String? {
    let byLoader = [
      "svgload": "SVG", "pdfload": "PDF", "jp2kload": "JPEG 2000", "ppmload": "PPM",
      "fitsload": "FITS", "openexrload": "OpenEXR", "radload": "Radiance HDR", "matload": "MATLAB",
      "analyzeload": "Analyze", "openslideload": "OpenSlide", "vipsload": "VIPS", "matrixload": "vips matrix",
      "csvload": "CSV",
    ]
    if let name = byLoader[nickname] { return name }
    let signatures: [(bytes: [UInt8], name: String)] = [
      (Array("BM".utf8), "BMP"), (Array("8BPS".utf8), "PSD"), (Array("gimp xcf".utf8), "XCF"),
      ([0, 0, 1, 0], "ICO"), (Array("DDS ".utf8), "DDS"), (Array("%!PS".utf8), "PostScript"),
    ]
    return signatures.first { head.starts(with: $0.bytes) }?.name
  }
}
