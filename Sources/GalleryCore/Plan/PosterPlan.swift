/// How to take a clip's poster: the times to try, in order, and the filters
/// that make the frame look as the video does (upright, tone-mapped, at the
/// video's size). The tool writes each try as a PNG and a tiny grey sample
/// and keeps the first frame that is not near black: fades from black and
/// lens-cap openings are the posters sigal and thumbsup users complain of.
public struct PosterPlan: Sendable, Hashable {
  /// Seconds from the start, best first: 10% in, then later.
  public var times: [Double]
  public var width: Int
  public var height: Int
  /// Names the poster in the cache, with the source's content hash.
  public var key: String
  public var timeout: Double
  /// The picture stream and the filters up to the poster's pixels.
  var streamIndex: Int
  var filters: [String]
  /// The demuxer the probe found, the only one ffmpeg may use (`VideoInput`).
  var demuxer: String

  /// The side of the square grey sample written to standard output beside each
  /// try; enough to judge darkness, small enough to cost nothing.
  public static let sampleSide = 32

  /// ffmpeg's arguments for the frame at `time`: the PNG to `output`, the grey
  /// sample (`sampleSide`² bytes) to standard output. Seeking before `-i` is
  /// exact when decoding, and costs one decode from the previous key frame.
  public func arguments(source: String, time: Double, output: String) -> [String] {
    let graph =
      "[0:\(streamIndex)]" + (filters + ["split=2[poster][sample]"]).joined(separator: ",")
      + ";[sample]scale=w=\(Self.sampleSide):h=\(Self.sampleSide):flags=area,format=gray[grey]"
    return VideoPlanner.common + [
      "-ss", VideoPlanner.seconds(time),
    ] + VideoInput.options(demuxer: demuxer) + [
      "-i", "file:" + source, "-filter_complex", graph,
      "-map", "[poster]", "-frames:v", "1", "-c:v", "png", "-f", "image2", "-update", "1",
      "-fflags", "+bitexact", "-flags:v", "+bitexact", "file:" + output,
      "-map", "[grey]", "-frames:v", "1", "-f", "rawvideo", "pipe:1",
    ]
  }

  /// Whether a grey sample is near black: 98% of its pixels darker than 32 of
  /// 255, the rule of ffmpeg's own `blackframe` filter. A dark but real scene
  /// (a street at night, a lit window) keeps enough bright pixels to pass.
  public static func isNearBlack(_ sample: [UInt8]) -> Bool {
    guard !sample.isEmpty else { return true }
    let dark = sample.count { $0 < 32 }
    return Double(dark) >= 0.98 * Double(sample.count)
  }

  /// The mean grey level: among frames that are all near black, the brightest
  /// is the poster.
  public static func brightness(_ sample: [UInt8]) -> Double {
    guard !sample.isEmpty else { return 0 }
    return Double(sample.reduce(0) { $0 + Int($1) }) / Double(sample.count)
  }
}
