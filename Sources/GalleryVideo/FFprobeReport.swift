import Foundation
import GalleryCore

/// ffprobe's JSON (`-print_format json -show_format -show_streams`) read into
/// a `VideoProbe`. ffprobe writes most numbers as strings ("1.000000",
/// "304672") and some as numbers, and leaves out what it does not know, so
/// every field is read leniently and only the frame size is required.
enum FFprobeReport {
  static func parse(_ data: Data, fileSize: Int) throws(VideoError) -> VideoProbe {
    guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      throw VideoError(.unreadable, "ffprobe's answer is not JSON")
    }
    let format = root["format"] as? [String: Any] ?? [:]
    let streams = root["streams"] as? [[String: Any]] ?? []
    let pictures = streams.filter { string($0["codec_type"]) == "video" && !isCoverArt($0) }
    let video = pictures.first.map(videoStream)
    let audio = streams.first { string($0["codec_type"]) == "audio" }.map(audioStream)
    let duration = positive(double(format["duration"])) ?? positive(double(pictures.first?["duration"]))
    return VideoProbe(
      container: string(format["format_name"]) ?? "unknown", fileSize: int(format["size"]) ?? fileSize,
      duration: duration, bitRate: int(format["bit_rate"]), video: video, audio: audio)
  }

  static func videoStream(_ stream: [String: Any]) -> VideoStream {
    VideoStream(
      index: int(stream["index"]) ?? 0, codec: string(stream["codec_name"]) ?? "unknown",
      profile: string(stream["profile"]), pixelFormat: string(stream["pix_fmt"]),
      bitDepth: int(stream["bits_per_raw_sample"]).flatMap { $0 > 0 ? $0 : nil },
      width: int(stream["width"]) ?? 0, height: int(stream["height"]) ?? 0,
      sampleAspectRatio: ratio(stream["sample_aspect_ratio"], separator: ":"), rotation: rotation(stream),
      colorTransfer: known(stream["color_transfer"]), colorPrimaries: known(stream["color_primaries"]),
      colorSpace: known(stream["color_space"]), colorRange: known(stream["color_range"]),
      averageFrameRate: ratio(stream["avg_frame_rate"], separator: "/"),
      baseFrameRate: ratio(stream["r_frame_rate"], separator: "/"), fieldOrder: known(stream["field_order"]),
      bitRate: int(stream["bit_rate"]))
  }

  static func audioStream(_ stream: [String: Any]) -> AudioStream {
    AudioStream(
      index: int(stream["index"]) ?? 0, codec: string(stream["codec_name"]) ?? "unknown",
      profile: string(stream["profile"]), channels: int(stream["channels"]), sampleRate: int(stream["sample_rate"]))
  }

  /// Clockwise degrees a player turns the frame. ffmpeg 5 and later report the
  /// display matrix as side data whose `rotation` is counter-clockwise (an
  /// upright phone clip says -90); older ffprobe wrote a clockwise `rotate` tag.
  static func rotation(_ stream: [String: Any]) -> Int {
    let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
    if let matrix = sideData.first(where: { string($0["side_data_type"]) == "Display Matrix" }),
      let counterClockwise = double(matrix["rotation"])
    {
      return -Int(counterClockwise.rounded())
    }
    let tags = stream["tags"] as? [String: Any] ?? [:]
    return int(tags["rotate"]) ?? 0
  }

  /// A still picture stored beside the sound (an album cover in an M4A or MKV).
  static func isCoverArt(_ stream: [String: Any]) -> Bool {
    int((stream["disposition"] as? [String: Any])?["attached_pic"]) == 1
  }

  static func string(_ value: Any?) -> String? {
    if let text = value as? String { return text.isEmpty ? nil : text }
    if let number = value as? NSNumber { return number.stringValue }
    return nil
  }

  /// ffprobe's "unknown" and "unspecified" are the same as leaving it out.
  static func known(_ value: Any?) -> String? {
    string(value).flatMap { $0 == "unknown" || $0 == "unspecified" ? nil : $0 }
  }

  static func double(_ value: Any?) -> Double? {
    if let number = value as? NSNumber { return number.doubleValue }
    return (value as? String).flatMap { Double($0) }
  }

  static func int(_ value: Any?) -> Int? {
    if let number = value as? NSNumber { return number.intValue }
    guard let text = value as? String else { return nil }
    return Int(text) ?? Double(text).map { Int($0.rounded()) }
  }

  static func positive(_ value: Double?) -> Double? {
    value.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
  }

  /// "30000/1001" or "16:9" as a ratio; nil when not two whole numbers.
  static func ratio(_ value: Any?, separator: Character) -> VideoRatio? {
    guard let parts = string(value)?.split(separator: separator), parts.count == 2,
      let numerator = Int(parts[0]), let denominator = Int(parts[1])
    else { return nil }
    return VideoRatio(numerator, denominator)
  }
}
