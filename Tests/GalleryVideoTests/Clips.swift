import Foundation
import GalleryCore
import TestSupport

/// Clips made at test time with ffmpeg's `testsrc2`, `color` and `sine`
/// sources, and the ffprobe and ffmpeg calls that check what came out. No
/// clip is committed, so each test says exactly what its clip holds. `make
/// test` installs ffmpeg; without it the tests that need it are skipped on a
/// developer's machine and fail under CI=true.
enum Clips {
  static let environment = ProcessInfo.processInfo.environment

  static func locate(_ name: String) -> String? {
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return (folders + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/" + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static let ffmpeg = locate("ffmpeg")
  static let ffprobe = locate("ffprobe")

  /// Under CI=true a missing ffmpeg fails the tests rather than skipping them.
  static let required = environment["CI"] == "true"

  /// Whether the tests that need ffmpeg run: it is there, or it must be.
  static var runs: Bool { (ffmpeg != nil && ffprobe != nil) || required }

  struct Missing: Error, CustomStringConvertible {
    var description: String { "ffmpeg is not installed: `make test` installs it (Debian package ffmpeg)" }
  }

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs a tool to its end: its standard output, or an error with its standard error.
  @discardableResult
  static func tool(_ path: String?, _ arguments: [String]) throws -> Data {
    guard let path else { throw Missing() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Standard error is small; read it on the side so a full pipe never stalls the tool.
    let message = Locked(Data())
    let done = DispatchSemaphore(value: 0)
    Thread {
      message.set(errors.fileHandleForReading.readDataToEndOfFile())
      done.signal()
    }.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message.current, as: UTF8.self)
      throw Failed(description: "\(path) \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return data
  }

  /// Makes `folder/name` with ffmpeg from `arguments` (inputs and options, without the output).
  @discardableResult
  static func make(_ name: String, in folder: TestSite, _ arguments: [String]) throws -> String {
    let path = folder.root + "/" + name
    try tool(ffmpeg, ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments + [path])
    return path
  }

  /// ffmpeg's test pattern, `seconds` long.
  static func pattern(_ width: Int, _ height: Int, seconds: Double, rate: Int = 30) -> [String] {
    ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(rate):duration=\(seconds)"]
  }

  /// A 440 Hz tone, `seconds` long.
  static func tone(seconds: Double) -> [String] {
    ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"]
  }

  /// H.264 High, 8-bit 4:2:0, as a browser plays it, at a bit rate a web
  /// export would have (the test pattern is hard to compress: at crf 23 a
  /// 320×240 clip needs two thirds of what the planner remuxes).
  static let h264 = [
    "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p", "-crf", "28",
  ]

  /// ffprobe's JSON about `path`: its format and streams.
  static func probe(_ path: String) throws -> [String: Any] {
    let data = try tool(
      ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "file:" + path])
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// The streams of `path` of one type ("video", "audio").
  static func streams(_ path: String, _ type: String) throws -> [[String: Any]] {
    let streams = try probe(path)["streams"] as? [[String: Any]] ?? []
    return streams.filter { $0["codec_type"] as? String == type }
  }

  /// Every tag of the file and of its streams, as "key=value".
  static func tags(_ path: String) throws -> [String] {
    let json = try probe(path)
    var all = [json["format"] as? [String: Any] ?? [:]]
    all += json["streams"] as? [[String: Any]] ?? []
    return all.flatMap { ($0["tags"] as? [String: Any] ?? [:]).map { "\($0.key)=\($0.value)" } }
  }

  /// A hash of each video packet as stored, without decoding: equal lists
  /// mean the stream was copied, not encoded again.
  static func packetHashes(_ path: String) throws -> [String] {
    let data = try tool(
      ffmpeg,
      ["-nostdin", "-v", "error", "-i", "file:" + path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"])
    return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
      .compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
  }

  /// The first frame at `time` as `width`×`height` pixels of `pixelFormat`
  /// ("gray", "yuv444p"), turned as ffmpeg shows it.
  static func frame(
    _ path: String, at time: Double = 0, width: Int, height: Int, pixelFormat: String = "gray",
    filter: String? = nil
  ) throws -> [UInt8] {
    try frame(
      input: ["-ss", String(time), "-i", "file:" + path], width: width, height: height, pixelFormat: pixelFormat,
      filter: filter)
  }

  /// The first frame of `input` (ffmpeg's input options, `-i` included).
  static func frame(
    input: [String], width: Int, height: Int, pixelFormat: String = "gray", filter: String? = nil
  ) throws -> [UInt8] {
    let chain = (filter.map { [$0] } ?? []) + ["scale=\(width):\(height):flags=area", "format=\(pixelFormat)"]
    let arguments =
      ["-nostdin", "-v", "error"] + input + [
        "-frames:v", "1", "-vf", chain.joined(separator: ","), "-f", "rawvideo", "-",
      ]
    return [UInt8](try tool(ffmpeg, arguments))
  }

  /// The mean absolute difference of two equal-sized grey frames, 0–255.
  static func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 255 }
    return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
  }

  /// Mean luma and mean chroma distance from grey of a yuv444p frame: a
  /// washed-out picture keeps its luma and loses its chroma.
  static func lumaAndSaturation(_ frame: [UInt8]) -> (luma: Double, saturation: Double) {
    let plane = frame.count / 3
    guard plane > 0 else { return (0, 0) }
    var luma = 0
    var saturation = 0.0
    for index in 0..<plane {
      luma += Int(frame[index])
      let u = Double(frame[plane + index]) - 128
      let v = Double(frame[2 * plane + index]) - 128
      saturation += (u * u + v * v).squareRoot()
    }
    return (Double(luma) / Double(plane), saturation / Double(plane))
  }

  /// The types of the file's top-level MP4 boxes, in order ("ftyp", "moov", "mdat").
  static func topLevelBoxes(_ path: String) throws -> [String] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= bytes.count {
      let size32 = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      boxes.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
      var size = size32
      if size32 == 1, offset + 16 <= bytes.count {
        size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
      } else if size32 == 0 {
        size = bytes.count - offset
      }
      guard size >= 8 else { break }
      offset += size
    }
    return boxes
  }
}
