/// A clip's picture stream as ffprobe describes it: the stored frames, how a
/// player turns and stretches them, and their colour.
public struct VideoStream: Sendable, Hashable, Codable {
  /// The stream's index in the file, for `-map 0:N`.
  public var index: Int
  /// "h264", "hevc", "vp9", "mjpeg"…
  public var codec: String
  /// "High", "Main 10", "Constrained Baseline"; nil when ffprobe does not say.
  public var profile: String?
  /// "yuv420p", "yuv420p10le", "yuvj420p"…
  public var pixelFormat: String?
  /// Bits per sample: from the stream when ffprobe gives it, else from the pixel format.
  public var bitDepth: Int
  /// The stored frame, before rotation and stretching.
  public var width: Int
  public var height: Int
  /// How wide a stored pixel is shown, relative to its height; nil for square.
  public var sampleAspectRatio: VideoRatio?
  /// Degrees a player turns the stored frame clockwise to show it: 0, 90, 180
  /// or 270. A phone held upright records landscape frames and says 90.
  public var rotation: Int
  public var colorTransfer: String?
  public var colorPrimaries: String?
  public var colorSpace: String?
  public var colorRange: String?
  /// Frames per second over the whole stream (ffprobe's `avg_frame_rate`).
  public var averageFrameRate: VideoRatio?
  /// The lowest rate at which every timestamp falls on a frame (`r_frame_rate`).
  public var baseFrameRate: VideoRatio?
  /// "progressive", "tt", "bb", "tb", "bt"; nil when unknown.
  public var fieldOrder: String?
  /// Bits per second of this stream, when the container says.
  public var bitRate: Int?

  public init(
    index: Int, codec: String, profile: String? = nil, pixelFormat: String? = nil, bitDepth: Int? = nil,
    width: Int, height: Int, sampleAspectRatio: VideoRatio? = nil, rotation: Int = 0,
    colorTransfer: String? = nil, colorPrimaries: String? = nil, colorSpace: String? = nil,
    colorRange: String? = nil, averageFrameRate: VideoRatio? = nil, baseFrameRate: VideoRatio? = nil,
    fieldOrder: String? = nil, bitRate: Int? = nil
  ) {
    self.index = index
    self.codec = codec
    self.profile = profile
    self.pixelFormat = pixelFormat
    self.bitDepth = bitDepth ?? pixelFormat.map(Self.bitDepth(of:)) ?? 8
    self.width = width
    self.height = height
    self.sampleAspectRatio = sampleAspectRatio
    self.rotation = Self.quarterTurns(rotation)
    self.colorTransfer = colorTransfer
    self.colorPrimaries = colorPrimaries
    self.colorSpace = colorSpace
    self.colorRange = colorRange
    self.averageFrameRate = averageFrameRate
    self.baseFrameRate = baseFrameRate
    self.fieldOrder = fieldOrder
    self.bitRate = bitRate
  }

  /// Whether a player turns the frame on its side, so width and height swap.
  public var isSideways: Bool { rotation == 90 || rotation == 270 }

  /// The pixels are not square: a player stretches one side.
  var isStretched: Bool {
    guard let aspect = sampleAspectRatio?.value else { return false }
    return abs(aspect - 1) > 0.001
  }

  /// The frame as a player shows it: stretched to square pixels (never
  /// shrunk: the narrow side is widened), then turned.
  public var displayWidth: Int { isSideways ? stretched.height : stretched.width }
  public var displayHeight: Int { isSideways ? stretched.width : stretched.height }

  private var stretched: (width: Int, height: Int) {
    guard isStretched, let aspect = sampleAspectRatio?.value else { return (width, height) }
    return aspect > 1
      ? (Int((Double(width) * aspect).rounded()), height) : (width, Int((Double(height) / aspect).rounded()))
  }

  /// PQ (HDR10, Dolby Vision) or HLG: shown as SDR without tone mapping, such
  /// a clip looks washed out.
  public var isHDR: Bool { colorTransfer == "smpte2084" || colorTransfer == "arib-std-b67" }

  /// Fields rather than frames: old camcorders and TV recordings.
  public var isInterlaced: Bool { ["tt", "bb", "tb", "bt"].contains(fieldOrder ?? "") }

  /// Frames do not come at one steady rate: phones slow down in low light and
  /// a screen recording only writes a frame when something changed. ffprobe
  /// then reports an average well away from the base rate.
  public var isVariableFrameRate: Bool {
    guard let average = averageFrameRate?.value, let base = baseFrameRate?.value else { return false }
    return abs(average - base) / base > 0.02
  }

  /// The depth a pixel format name implies: "yuv420p10le" 10, "p010le" 10,
  /// "rgb48le" 16, and 8 for the rest ("yuv420p", "nv12", "yuvj420p").
  static func bitDepth(of format: String) -> Int {
    if format.hasPrefix("p0") || format.hasPrefix("p2") || format.hasPrefix("p4") {
      return Int(format.dropFirst(2).prefix(2)) ?? 8
    }
    if format.hasPrefix("rgb48") || format.hasPrefix("bgr48") || format.hasPrefix("rgba64") { return 16 }
    guard format.hasSuffix("le") || format.hasSuffix("be") else { return 8 }
    let digits = format.dropLast(2).reversed().prefix { $0.isNumber }
    return Int(String(digits.reversed())) ?? 8
  }

  /// Any angle as the nearest quarter turn in 0..<360 (ffprobe writes -90.00).
  static func quarterTurns(_ degrees: Int) -> Int {
    let turns = Int((Double(degrees) / 90).rounded())
    return ((turns % 4) + 4) % 4 * 90
  }
}
