/// The image jobs of a plan, found by photo id: the plan's own array and
/// each job's position in it. Every page that shows a photo looks its job up
/// here; a dictionary of the jobs themselves held a second copy of each,
/// hundreds of bytes a photo, from Plan to the end of Render.
package struct ImageJobTable: Sendable {
  /// The jobs as planned, in the plan's order (the same array `OutputPlan.jobs` holds).
  package let all: [ImageJob]
  /// Photo id → position in `all`: the first job of a photo.
  private let positions: [String: Int]

  package init(_ jobs: [ImageJob]) {
    all = jobs
    positions = Dictionary(jobs.indices.map { (jobs[$0].photo.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The job of the photo `id`, nil when it has none.
  package subscript(id id: String) -> ImageJob? {
    positions[id].map { all[$0] }
  }
}
