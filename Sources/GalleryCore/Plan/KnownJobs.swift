/// The image jobs a live site planned last time, by photo, for the image
/// settings they were planned with: an edit that adds no photo plans nothing
/// again. Kept by `LiveState`; a one-off build has none.
package final class KnownJobs: Sendable {
  package init() {}

  /// The settings a job depends on; a change plans every job again.
  struct Settings: Equatable {
    var widths: [Int]
    var thumbnail: Int
    var quality: Int
    var formats: [DerivativeSpec.Format]
    var grid: GridStyle

    init(_ config: SiteConfig) {
      (widths, thumbnail, quality, formats) = (config.widths, config.thumbnail, config.quality, config.formats)
      grid = config.grid
    }
  }

  private let state = Locked<(settings: Settings?, jobs: [Photo: ImageJob])>((nil, [:]))

  /// The image jobs of `site`, planning only photos not planned before, and
  /// forgetting photos the site no longer has.
  package func jobs(for site: Site) -> [ImageJob] {
    state.withLock { state in
      let settings = Settings(site.config)
      if settings != state.settings { state = (settings, [:]) }
      var planned: [Photo: ImageJob] = [:]
      // A photo that came to stand for a page (a new cover) or stopped is planned again.
      let shared = SharedPhotos.ids(in: site)
      let result = site.photos.keys.sorted().compactMap { id -> ImageJob? in
        guard let photo = site.photos[id] else { return nil }
        let share = shared.contains(id)
        let job =
          state.jobs[photo].flatMap { ($0.share != nil) == share ? $0 : nil }
          ?? DerivativePlanner.job(for: photo, config: site.config, share: share)
        planned[photo] = job
        return job
      }
      state.jobs = planned
      return result
    }
  }
}
