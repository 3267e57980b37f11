/// How the Write stage puts the site into the output folder.
package enum OutputTarget: Sendable {
  /// Built whole in a staging folder beside the output and swapped in at the
  /// end, so a failed or killed build leaves the last good site (`build`,
  /// `preview --build-to`).
  case staged
  /// Updated in place, file by file, in a folder catgallery made for itself
  /// inside the site (`serve`) or its cache (`preview`), with what the last
  /// rebuild left kept in `LiveState`.
  case live(LiveState)

  package var live: LiveState? {
    if case .live(let state) = self { return state }
    return nil
  }
}
