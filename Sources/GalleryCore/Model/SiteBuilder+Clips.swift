/// Videos: each probed clip gets its plan from `videos:` in site.yml.
extension SiteBuilder {
  /// `photos` with each video's clip planned. A clip the settings refuse (too
  /// long, too large) or that ffmpeg cannot take is left out with a warning
  /// in a preview (`leavesOut`) and is a file with a problem in a site, which
  /// is an error whether or not a page shows it, like an unreadable photo.
  func planClips(
    _ photos: [PhotoFile], config: SiteConfig, capabilities: VideoCapabilities, leavesOut: Bool,
    diagnostics: inout DiagnosticCollector
  ) -> [PhotoFile] {
    photos.compactMap { file in
      guard let probe = file.probe, file.problem == nil else { return file }
      var file = file
      let location = SourceLocation(file: file.file)
      do throws(VideoError) {
        let plan = try VideoPlanner.plan(probe, settings: config.videos, capabilities: capabilities)
        let poster = try VideoPlanner.poster(probe, settings: config.videos, capabilities: capabilities)
        if let warning = plan.warning { diagnostics.warning(warning, at: location) }
        file.clip = Clip(probe: probe, plan: plan, poster: poster)
        // The poster is the picture the pages show: its size, not the source's.
        file.header = ImageHeader(
          storedWidth: poster.width, storedHeight: poster.height, orientation: 1, hasAlpha: false, format: "video")
        return file
      } catch {
        guard !leavesOut else {
          diagnostics.warning("left out: \(error.message)", at: location)
          return nil
        }
        file.problem = error.message
        return file
      }
    }
  }
}
