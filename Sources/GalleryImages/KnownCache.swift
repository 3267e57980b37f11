import GalleryCore

/// What a live site knows the cache holds after its last build: every
/// derivative made, and each photo's placeholder colour and decoder warnings.
/// An edit that adds no photo then neither stats the cache nor decodes.
/// Kept by `LiveState`; a one-off build asks the disk.
package final class KnownCache: Sendable {
  package init() {}

  /// The jobs by photo id: a rebuild's job equal to one of them needs
  /// nothing, and comparing it (strings that share their storage) is
  /// cheaper than hashing each of its derivatives into a set of thousands.
  private let state = Locked<(jobs: [String: ImageJob], renders: [String: RenderedPhoto]?)>(([:], nil))

  /// Whether every derivative of `job` was made by the last build: it had
  /// the same job for the photo. A job that differs is checked on the disk.
  func holds(_ job: ImageJob) -> Bool { state.withLock { $0.jobs[job.photo.id] == job } }

  /// Placeholder colours and warnings by source hash; nil before the first build.
  package var renders: [String: RenderedPhoto]? { state.current.renders }

  /// After a build without errors: the cache holds every derivative of `jobs`.
  package func remember(_ jobs: [ImageJob], renders: [String: RenderedPhoto]) {
    state.set((Dictionary(jobs.map { ($0.photo.id, $0) }, uniquingKeysWith: { _, last in last }), renders))
  }
}
