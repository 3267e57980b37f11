/// The caption forms of the items of one park under `serve`: item `i`'s is
/// `EditPaths.caption(park:photo:)`. A value, not a closure, so the inputs
/// of a park's pages (`ItemPageInputs`) can be compared.
struct CaptionEdit: Sendable, Hashable {
  /// The park's position in parks.plist, from 0.
  var park: Int

  /// The form of item `photo` (from 0).
  func callAsFunction(_ photo: Int) -> String { EditPaths.caption(park: park, photo: photo) }
}
