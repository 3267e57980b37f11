import GalleryCore

/// What a live site knows the cache holds after its last build: every
/// derivative made, and each photo's placeholder colour and decoder warnings.
/// An edit that adds no photo then neither stats the cache nor decodes.
/// Kept by `LiveState`; a one-off build asks the disk.
package final class KnownCache: Sendable {
  package init() {}

  private let state = Locked<(derivatives: Set<Derivative>, renders: [String: RenderedPhoto]?)>(([], nil))

  func holds(_ derivative: Derivative) -> Bool { state.withLock { $0.derivatives.contains(derivative) } }

  /// Placeholder colours and warnings by source hash; nil before the first build.
  var renders: [String: RenderedPhoto]? { state.current.renders }

  /// After a build without errors: the cache holds every derivative of `jobs`.
  package func remember(_ jobs: [ImageJob], renders: [String: RenderedPhoto]) {
    state.set((Set(jobs.flatMap(\.all)), renders))
  }
}
