import Foundation

/// A small whole-photo copy, 8 bits a band, read back from the codec. The
/// loading placeholder's colour and the placement of cropped thumbnails come
/// from it, so neither needs another pass over the full-size pixels.
struct PixelSample: Sendable {
  let width: Int
  let height: Int
  /// 1 grey, 2 grey and alpha, 3 RGB, 4 RGB and alpha.
  let bands: Int
  /// Rows top to bottom, `bands` bytes a pixel.
  let bytes: [UInt8]

  /// nil unless `bytes` holds `width` × `height` pixels of 1 to 4 bands.
  init?(width: Int, height: Int, bands: Int, bytes: [UInt8]) {
    guard width > 0, height > 0, (1...4).contains(bands), bytes.count >= width * height * bands else { return nil }
    self.width = width
    self.height = height
    self.bands = bands
    self.bytes = bytes
  }

  /// Red, green, blue and alpha (0–255) of the pixel at x, y.
  func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let at = (y * width + x) * bands
    switch bands {
    case 1: return (Int(bytes[at]), Int(bytes[at]), Int(bytes[at]), 255)
    case 2: return (Int(bytes[at]), Int(bytes[at]), Int(bytes[at]), Int(bytes[at + 1]))
    case 3: return (Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2]), 255)
    default: return (Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2]), Int(bytes[at + 3]))
    }
  }

  /// The mean colour as CSS hex, transparent pixels counting for nothing.
  var meanColour: String {
    var sums = (r: 0, g: 0, b: 0, a: 0)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = rgba(x, y)
        sums.r += pixel.r * pixel.a
        sums.g += pixel.g * pixel.a
        sums.b += pixel.b * pixel.a
        sums.a += pixel.a
      }
    }
    guard sums.a > 0 else { return "#808080" }
    let mean = { (sum: Int) in (sum + sums.a / 2) / sums.a }
    return String(format: "#%02x%02x%02x", mean(sums.r), mean(sums.g), mean(sums.b))
  }
}

extension PixelSample {
  /// Where a crop of `aspect` (width ÷ height) sits best, as a fraction of
  /// the room it has along the one axis that has room: 0 is the left (or top)
  /// edge, 1 the right (or bottom). The window chosen holds the most of what
  /// draws the eye: edges, strong colour and skin tones. Between windows that
  /// hold about as much, the one nearer the centre wins, and a photo with
  /// nothing that stands out is cropped in the middle.
  func focus(aspect: Double) -> Double {
    let interest = interestMap()
    let across = Double(width) / Double(height) > aspect
    // Sum the interest of each column (landscape) or row (portrait).
    let lines = across ? width : height
    let window =
      across
      ? min(width, max(1, Int((Double(height) * aspect).rounded())))
      : min(height, max(1, Int((Double(width) / aspect).rounded())))
    let room = lines - window
    guard room > 0 else { return 0.5 }
    var line = [Double](repeating: 0, count: lines)
    for y in 0..<height {
      for x in 0..<width { line[across ? x : y] += interest[y * width + x] }
    }
    var prefix = [0.0]
    for value in line { prefix.append(prefix[prefix.count - 1] + value) }
    let total = prefix[lines]
    guard total > 0 else { return 0.5 }
    var best = (offset: room / 2, score: -1.0)
    // Nearest the centre first, so a tie keeps the more central window.
    for offset in (0...room).sorted(by: { abs(2 * $0 - room) < abs(2 * $1 - room) }) {
      let held = prefix[offset + window] - prefix[offset]
      // Up to 10% off at the edges: a photographer usually centres the subject.
      let score = held * (1 - 0.1 * Double(abs(2 * offset - room)) / Double(room))
      if score > best.score { best = (offset, score) }
    }
    return Double(best.offset) / Double(room)
  }

  /// Interest of every pixel, 0–3: edge strength, colour saturation and skin
  /// tone, each 0–1, weighted by opacity.
  func interestMap() -> [Double] {
    var luma = [Double](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = rgba(x, y)
        luma[y * width + x] = 0.299 * Double(pixel.r) + 0.587 * Double(pixel.g) + 0.114 * Double(pixel.b)
      }
    }
    let at = { (x: Int, y: Int) in luma[min(max(y, 0), self.height - 1) * self.width + min(max(x, 0), self.width - 1)] }
    var map = [Double](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        // Sobel: a step of d luma levels gives |gx| + |gy| of about 4d.
        let gx =
          at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y)
          - at(x - 1, y + 1)
        let gy =
          at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1)
          - at(x + 1, y - 1)
        let edge = min(1, (abs(gx) + abs(gy)) / 4 / 48)
        let pixel = rgba(x, y)
        let high = max(pixel.r, pixel.g, pixel.b)
        let chroma = high - min(pixel.r, pixel.g, pixel.b)
        let saturation = min(1, max(0, Double(chroma - 50) / 50))
        map[y * width + x] = (edge + saturation + (Self.isSkin(pixel) ? 1 : 0)) * Double(pixel.a) / 255
      }
    }
    return map
  }

  /// A common RGB rule for skin under daylight (Kovač, Peer and Solina, 2003).
  static func isSkin(_ pixel: (r: Int, g: Int, b: Int, a: Int)) -> Bool {
    let (r, g, b) = (pixel.r, pixel.g, pixel.b)
    return r > 95 && g > 40 && b > 20 && max(r, g, b) - min(r, g, b) > 15 && abs(r - g) > 15 && r > g && r > b
  }
}
