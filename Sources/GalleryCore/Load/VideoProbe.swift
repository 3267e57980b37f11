/// What ffprobe says about a clip, reduced to what the planner decides on:
/// the container, its picture stream and its sound stream. Values are as
/// ffprobe names them ("h264", "yuv420p10le", "smpte2084"), so the planner's
/// rules read like ffmpeg's documentation.
public struct VideoProbe: Sendable, Hashable, Codable {
  /// The demuxer's name: "mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi",
  /// or for an image "jpeg_pipe", "png_pipe", "image2".
  public var container: String
  /// Bytes on disk.
  public var fileSize: Int
  /// Seconds, from the container or else the picture stream; nil when neither says.
  public var duration: Double?
  /// Bits per second of the whole file, as the container says.
  public var bitRate: Int?
  /// The first picture stream that is not cover art; nil for a file of sound only.
  public var video: VideoStream?
  /// The first sound stream; nil for a silent clip.
  public var audio: AudioStream?

  public init(
    container: String, fileSize: Int, duration: Double? = nil, bitRate: Int? = nil, video: VideoStream? = nil,
    audio: AudioStream? = nil
  ) {
    self.container = container
    self.fileSize = fileSize
    self.duration = duration
    self.bitRate = bitRate
    self.video = video
    self.audio = audio
  }
}

/// A clip's sound: what the planner needs to copy it or encode it to AAC.
public struct AudioStream: Sendable, Hashable, Codable {
  /// The stream's index in the file, for `-map 0:N`.
  public var index: Int
  public var codec: String
  public var profile: String?
  public var channels: Int?
  public var sampleRate: Int?

  public init(index: Int, codec: String, profile: String? = nil, channels: Int? = nil, sampleRate: Int? = nil) {
    self.index = index
    self.codec = codec
    self.profile = profile
    self.channels = channels
    self.sampleRate = sampleRate
  }
}

/// A rational number as ffprobe writes it ("30000/1001"); frame rates and
/// sample aspect ratios.
public struct VideoRatio: Sendable, Hashable, Codable {
  public var numerator: Int
  public var denominator: Int

  public init(_ numerator: Int, _ denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Nil for ffprobe's "0/0" and "0/1" (unknown) and anything not positive.
  public var value: Double? {
    guard numerator > 0, denominator > 0 else { return nil }
    return Double(numerator) / Double(denominator)
  }
}
