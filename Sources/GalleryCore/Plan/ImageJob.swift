/// All derivatives of one source photo, and how they are made from a single decode.
package struct ImageJob: Sendable, Hashable {
  package var photo: Photo
  /// Responsive widths in each format, ascending by width.
  var display: [Derivative]
  /// Square crops at 1x and 2x in each format.
  var thumbnails: [Derivative]
  /// The small square of a list row and a search result (`DerivativePlanner.rowEdge`)
  /// in each format; empty when the thumbnail is no larger.
  var rows: [Derivative] = []
  /// Uncropped copies `thumbnail` pixels high at 1x and 2x in each format, for
  /// the justified grid (site.yml `grid: justified`); empty for the square grid.
  var tiles: [Derivative] = []
  /// The decode size and the resizes that make every derivative from it.
  package var chain: ResizeChain
  /// The copy a link preview shows (`og:image`), for a photo that stands for
  /// a page of a site with a `base_url`; it may be one of `display`.
  package var share: Derivative? = nil

  package var all: [Derivative] {
    let tiles = tiles.filter { !display.contains($0) && $0 != share }
    guard let share, !display.contains(share) else { return display + thumbnails + rows + tiles }
    return display + thumbnails + rows + tiles + [share]
  }

  /// Pixels held in memory while this job runs, for the pixel budget: every
  /// frame of an animation.
  package var decodePixels: Int { chain.decodeWidth * chain.decodeHeight * chain.frames }
}
