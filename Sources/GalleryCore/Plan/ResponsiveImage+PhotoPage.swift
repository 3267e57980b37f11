extension ResponsiveImage {
  /// The `sizes` of a photo page's picture: the width the theme shows it at
  /// (site.css, `.photo-full`), so a browser fetches no more pixels than that.
  /// The picture is as wide as the page's column (`main`: 80rem with 1rem
  /// padding), never wider than its largest copy, and never so tall that the
  /// title and buttons below leave the screen (17rem of them); on a landscape
  /// phone it takes the left three fifths of the column and the screen's height
  /// less 6rem. `min()` inside `sizes` is CSS Values 4, which every current
  /// browser reads (the Nu checker's older grammar does not: see `make validate`).
  static func photoPageSizes(fullWidth: Int, fullHeight: Int) -> String {
    let ratio = "\(fullWidth) / \(max(1, fullHeight))"
    return "(orientation: landscape) and (max-height: 32em) "
      + "min((100vw - 3.5rem) * 3 / 5, \(fullWidth)px, (100vh - 6rem) * \(ratio)), "
      + "min(100vw - 2rem, 78rem, \(fullWidth)px, (100vh - 17rem) * \(ratio))"
  }
}
