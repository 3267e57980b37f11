import Foundation
import GalleryCore

/// Clips' poster frames in the cache, `posters/<hash>-<poster key>.png`: the
/// source the image pipeline makes a video's thumbnails and display sizes
/// from, taken by ffmpeg once per content and poster settings.
extension DerivativeCache {
  package var posters: String { folder + "/posters" }

  package func posterPath(of photo: Photo) -> String? {
    posterName(of: photo).map { Path.join(posters, $0) }
  }

  /// The file name of `photo`'s poster; nil for a photo, which has none.
  package func posterName(of photo: Photo) -> String? {
    photo.clip.map { "\(photo.hash)-\($0.poster.key).png" }
  }

  /// Removes posters no clip of this build has (`keep`: their names), and
  /// the pieces a killed build left, as derivatives are pruned: a removed
  /// clip's poster would otherwise stay for good. Returns how many went.
  package func prunePosters(keeping keep: Set<String>) -> Int {
    prune(posters, keeping: keep, ours: Self.isPosterName)
  }

  /// Whether `name` is one a cached poster has: `<hash>-poster-<key>.png`.
  static func isPosterName(_ name: String) -> Bool {
    guard name.hasSuffix(".png"), let dash = name.firstIndex(of: "-") else { return false }
    let hash = name[..<dash]
    return !hash.isEmpty && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
      && name[name.index(after: dash)...].hasPrefix("poster-")
  }

  /// The poster of `photo`'s clip, taken now unless cached; a photo's own path for a photo.
  func source(of photo: Photo, video: VideoTool?) throws(ImageError) -> String {
    guard let clip = photo.clip, let path = posterPath(of: photo) else { return photo.path }
    if fileSystem.exists(path) { return path }
    guard let video else { throw ImageError(VideoError.missing.message) }
    try? fileSystem.createFolder(posters)
    let temporary = fileSystem.temporaryPath(for: path)
    // ffmpeg reads the clip the Load stage checked, held open: a link
    // swapped in at its path meanwhile is not followed (`OpenedFile`).
    let opened: OpenedFile
    do {
      opened = try fileSystem.open(checked: photo.path)
    } catch {
      throw ImageError(error.message)
    }
    do throws(VideoError) {
      _ = try withExtendedLifetime(opened) { () throws(VideoError) in
        try video.poster(clip.poster, source: opened.sharedPath, output: temporary)
      }
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
