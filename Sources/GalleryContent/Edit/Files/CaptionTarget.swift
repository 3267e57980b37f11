/// One photo of `parks.plist` whose caption can be changed: where it is (park
/// and photo, counted from 0 in file order) and what it is called, so a
/// caller can say which of several same-named photos it means.
package struct CaptionTarget: Sendable, Hashable, CustomStringConvertible {
  package var park: Int
  package var photo: Int
  package var parkName: String
  package var imageName: String
  package var caption: String?
  /// The line of the photo's dictionary (XML plists only).
  package var line: Int?

  /// `park "Letchworth", photo 2 (line 48)`.
  package var description: String {
    "park \"\(parkName)\", photo \(photo + 1)" + (line.map { " (line \($0))" } ?? "")
  }
}
