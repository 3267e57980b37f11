import CVipsShim
import Foundation

/// libvips behind the `ImageCodec` edge. The only Swift file that touches C image code.
public struct VipsCodec: ImageCodec {
  /// libvips starts once per process; VIPS_INIT is not safe to race, and a
  /// static let is initialised exactly once even when many threads ask.
  private static let startError: String? = cgv_init() == 0 ? nil : takeError()

  public init() throws(ImageError) {
    if let error = Self.startError { throw ImageError("cannot start libvips: \(error)") }
  }

  private static func takeError() -> String {
    var buffer = [CChar](repeating: 0, count: 2048)
    cgv_take_error(&buffer, buffer.count)
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // libvips prefixes lines with the operation name and may repeat itself; keep the first line.
    let line = text.split(separator: "\n").first.map(String.init) ?? "unknown error"
    return line.trimmingCharacters(in: .whitespaces)
  }

  /// libvips names the absolute path and its own class; users need neither.
  static func plain(_ message: String, path: String) -> String {
    if message.contains("is not a known file format") { return "not a known image format" }
    var text = message.replacingOccurrences(of: "\"\(path)\"", with: "file")
      .replacingOccurrences(of: path, with: "file")
    if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") {
      text = String(text[colon.upperBound...])
    }
    return text
  }

  public func header(of path: String) throws(ImageError) -> ImageHeader {
    var width: Int32 = 0
    var height: Int32 = 0
    var orientation: Int32 = 1
    var alpha: Int32 = 0
    var loader = [CChar](repeating: 0, count: 64)
    guard cgv_header(path, &width, &height, &orientation, &alpha, &loader, loader.count) == 0 else {
      throw ImageError("not a readable image: \(Self.plain(Self.takeError(), path: path))")
    }
    let loaderName = String(
      decoding: loader.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let format = loaderName.replacingOccurrences(of: "load", with: "")
      .replacingOccurrences(of: "_source", with: "")
    return ImageHeader(
      storedWidth: Int(width), storedHeight: Int(height), orientation: Int(orientation),
      hasAlpha: alpha != 0, format: format)
  }

  public func render(
    source: String, header: ImageHeader, outputs: [(spec: DerivativeSpec, path: String)]
  ) throws(ImageError) -> String {
    let box = Self.decodeBox(header: header, specs: outputs.map(\.spec))
    guard let image = cgv_load(source, Int32(box.width), Int32(box.height)) else {
      throw ImageError("cannot decode: \(Self.plain(Self.takeError(), path: source))")
    }
    defer { cgv_free(image) }
    for (spec, path) in outputs {
      guard let resized = cgv_resize(image, Int32(spec.width), Int32(spec.height), spec.crop ? 1 : 0)
      else { throw ImageError("cannot resize: \(Self.takeError())") }
      defer { cgv_free(resized) }
      guard cgv_save(resized, path, Self.format(spec.format), Int32(spec.quality)) == 0 else {
        throw ImageError("cannot write \(spec.format.rawValue): \(Self.takeError())")
      }
    }
    var red: Int32 = 0
    var green: Int32 = 0
    var blue: Int32 = 0
    guard cgv_average(image, &red, &green, &blue) == 0 else { return "#808080" }
    return String(format: "#%02x%02x%02x", red, green, blue)
  }

  /// The smallest decode from which every output can be made without enlarging:
  /// the one decode that shrink-on-load produces.
  static func decodeBox(header: ImageHeader, specs: [DerivativeSpec]) -> (width: Int, height: Int) {
    let width = Double(header.width)
    let height = Double(header.height)
    var scale = 0.0
    for spec in specs {
      let needed =
        spec.crop
        ? Double(max(spec.width, spec.height)) / min(width, height)
        : Double(spec.width) / width
      scale = max(scale, needed)
    }
    scale = min(scale, 1)
    return (max(1, Int((width * scale).rounded(.up))), max(1, Int((height * scale).rounded(.up))))
  }

  private static func format(_ format: DerivativeSpec.Format) -> Int32 {
    switch format {
    case .jpeg: Int32(CGV_JPEG.rawValue)
    case .webp: Int32(CGV_WEBP.rawValue)
    case .png: Int32(CGV_PNG.rawValue)
    case .avif: Int32(CGV_AVIF.rawValue)
    }
  }
}
