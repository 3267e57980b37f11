import Foundation
import GalleryCore

/// Clips' poster frames in the cache, `posters/<hash>-<poster key>.png`: the
/// source the image pipeline makes a video's thumbnails and display sizes
/// from, taken by ffmpeg once per content and poster settings.
extension DerivativeCache {
  package var posters: String { folder + "/posters" }

  package func posterPath(of photo: Photo) -> String? {
    photo.clip.map { Path.join(posters, "\(photo.hash)-\($0.poster.key).png") }
  }

  /// The poster of `photo`'s clip, taken now unless cached; a photo's own path for a photo.
  func source(of photo: Photo, video: VideoTool?) throws(ImageError) -> String {
    guard let clip = photo.clip, let path = posterPath(of: photo) else { return photo.path }
    if fileSystem.exists(path) { return path }
    guard let video else { throw ImageError(VideoError.missing.message) }
    try? fileSystem.createFolder(posters)
    let temporary = fileSystem.temporaryPath(for: path)
    do throws(VideoError) {
      _ = try video.poster(clip.poster, source: photo.path, output: temporary)
    } catch {
      try? fileSystem.remove(temporary)
      throw error.kind == .unreadable ? ImageError(undecodable: error.message) : ImageError(error.message)
    }
    do {
      try fileSystem.move(temporary, to: path)
    } catch {
      throw ImageError("cannot store the poster: \(OSReason.describe(error))")
    }
    return path
  }
}
