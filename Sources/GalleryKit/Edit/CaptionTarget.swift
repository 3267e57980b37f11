/// One photo of `parks.plist` whose caption can be changed: where it is (park
/// and photo, counted from 0 in file order) and what it is called, so a
/// caller can say which of several same-named photos it means.
struct CaptionTarget: Sendable, Hashable, CustomStringConvertible {
  var park: Int
  var photo: Int
  var parkName: String
  var imageName: String
  var caption: String?
  /// The line of the photo's dictionary (XML plists only).
  var line: Int?

  /// `park "Letchworth", photo 2 (line 48)`.
  var description: String {
    "park \"\(parkName)\", photo \(photo + 1)" + (line.map { " (line \($0))" } ?? "")
  }
}
