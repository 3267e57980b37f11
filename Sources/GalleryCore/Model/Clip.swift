/// A video as the site shows it: what ffprobe said of the file, what ffmpeg
/// will make of it and how its poster is taken, decided by the Model from
/// `videos:` in site.yml. Plan names the outputs from these and the file's
/// hash; the poster goes on through the image pipeline like a photo.
package struct Clip: Sendable, Hashable {
  package var probe: VideoProbe
  package var plan: VideoPlan
  package var poster: PosterPlan

  /// The clip's length in seconds (0 when the file does not say).
  package var duration: Double { plan.duration ?? probe.duration ?? 0 }
}
