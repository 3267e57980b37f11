/// A clip as a page plays it: its web video and its length, written on the
/// thumbnail ("0:12") and read out in full ("12 seconds").
struct VideoView: Sendable, Hashable, Encodable {
  var src: String
  var type: String
  var width: Int
  var height: Int
  var duration: String
  var spoken: String

  /// The view of `photo`'s clip from a page at `root`; nil for a photo.
  init?(_ photo: Photo, root: String) {
    guard let job = VideoJob(photo), let clip = photo.clip else { return nil }
    src = root + "images/" + job.output.fileName
    type = job.output.spec.format.mimeType
    width = job.plan.width
    height = job.plan.height
    let seconds = Int(clip.duration.rounded())
    duration =
      seconds >= 3600
      ? "\(seconds / 3600):" + Self.twoDigits(seconds / 60 % 60) + ":" + Self.twoDigits(seconds % 60)
      : "\(seconds / 60):" + Self.twoDigits(seconds % 60)
    let minutes = seconds / 60
    spoken = [
      minutes > 0 ? Text.count(minutes, "minute") : nil,
      seconds % 60 > 0 || minutes == 0 ? Text.count(seconds % 60, "second") : nil,
    ].compactMap { $0 }.joined(separator: " ")
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
