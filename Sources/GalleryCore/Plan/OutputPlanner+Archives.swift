/// The albums' zips (site.yml's `zip:`, or an album's index.md's): the jobs for the Write stage and the
/// link an album page shows.
extension OutputPlanner {
  /// Adds the zip of every album with items that asks for one to `plan`.
  func planArchives(into plan: inout OutputPlan) {
    plan.archives = ArchivePlanner.plan(site, jobs: images.jobs)
  }

  /// The zip of `album` alone, for an album planned on its own
  /// (`plan(album:trail:into:)`); nil when it gets none.
  package func archive(of album: Album) -> ArchiveJob? {
    ArchivePlanner.mode(for: album, in: site).flatMap { ArchivePlanner.job(for: album, mode: $0, jobs: images.jobs) }
  }

  /// The link from the album page at `page` to `album`'s zip; nil when it
  /// gets none or has no items of its own.
  package func archiveLink(for album: Album, from page: String) -> ArchiveLink? {
    guard let mode = ArchivePlanner.mode(for: album, in: site),
      let job = ArchivePlanner.job(for: album, mode: mode, jobs: images.jobs)
    else { return nil }
    return ArchiveLink(
      href: PagePath.relative(from: page, to: job.path), count: Text.count(job.members.count, "photo"),
      hash: job.hash)
  }
}
