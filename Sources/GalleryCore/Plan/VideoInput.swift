/// What ffprobe and ffmpeg may read of a clip: the one file, through the
/// `file` protocol only, with a demuxer of a container that holds its own
/// pictures. ffmpeg would otherwise follow what a file names: an HLS playlist
/// or a concat list saved as `clip.mp4` points at `../secret` or `/etc/…`, an
/// SDP file at the network, a name with `%03d` at other files, and the
/// protocol list alone does not stop the first two, whose entries are files.
/// So the demuxer is checked against `demuxers` when probing, and the one the
/// probe found is given to ffmpeg with `-f`, so it is never guessed again
/// from bytes that may have changed since.
public enum VideoInput {
  /// ffmpeg's demuxers of self-contained media files: MP4, MOV, 3GP and M4V
  /// (`mov`, whose external data references stay off by default), Matroska
  /// and WebM, Ogg, AVI, MPEG transport and program streams (camcorders' MTS,
  /// DVDs' MPG), FLV and ASF (WMV). None opens another file or a URL.
  public static let demuxers = ["mov", "matroska", "ogg", "avi", "mpegts", "mpeg", "flv", "asf"]

  /// The probe's word for bytes no demuxer knows.
  public static let unknown = "not a video ffmpeg can read"
  /// The probe's word for a file of no bytes.
  public static let empty = "the file is empty"

  /// The options every probe of a file starts with, before its `-i`.
  public static let probeOptions = [
    "-protocol_whitelist", "file", "-format_whitelist", demuxers.joined(separator: ","),
  ]

  /// The options before `-i` of every ffmpeg run on a clip whose probe
  /// named `demuxer`: the probe's restrictions, and the demuxer itself.
  public static func options(demuxer: String) -> [String] {
    probeOptions + ["-f", demuxer]
  }

  /// The demuxer to name with `-f` for a probe's `container` (ffprobe's
  /// `format_name`, "mov,mp4,m4a,3gp,3g2,mj2"): its first name, when one of its
  /// names is allowed; nil for any other, which is no clip catgallery takes.
  public static func demuxer(of container: String) -> String? {
    let names = container.split(separator: ",").map(String.init)
    guard let first = names.first, names.contains(where: demuxers.contains) else { return nil }
    return first
  }

  /// Why a file ffmpeg reads with `demuxer` (its first name) is not taken.
  public static func refusal(_ demuxer: String) -> String {
    let pointer = "which points at other files: only a video file itself is read"
    switch demuxer {
    case "hls", "dash": return "not a video file: a streaming playlist (\(demuxer)), \(pointer)"
    case "concat", "ffmetadata": return "not a video file: an ffmpeg list (\(demuxer)), \(pointer)"
    case "sdp", "rtp", "rtsp": return "not a video file: a stream description (\(demuxer)), which points at the network"
    case "image2": return "not a video file: an image sequence pattern, \(pointer)"
    case "tty": return "not a video file: text"
    default:
      if let image = VideoPlanner.imageKind(demuxer) { return "not a video: the file is \(image)" }
      return "not a video file: ffmpeg reads it as \(demuxer), which catgallery does not take"
    }
  }

  /// The demuxer ffmpeg refused in `errors` ("[hls @ 0x55…] Format not on
  /// whitelist 'mov,…'"), or nil when it refused none.
  public static func refusedDemuxer(in errors: String) -> String? {
    for line in errors.split(whereSeparator: \.isNewline) where line.contains("Format not on whitelist") {
      guard line.hasPrefix("["), let at = line.range(of: " @ ") else { continue }
      let names = line[line.index(after: line.startIndex)..<at.lowerBound]
      return names.split(separator: ",").first.map(String.init)
    }
    return nil
  }
}
