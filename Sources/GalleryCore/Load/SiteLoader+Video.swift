import Crypto
import Foundation

/// Video files: hashed and probed in Load like photos' headers, so the Model
/// decides what ffmpeg will make of each (`SiteBuilder.planClips`).
extension SiteLoader {
  /// Every container `VideoInput` lets ffmpeg read, by the names cameras,
  /// phones and editors give it; `.ts` is left to TypeScript, whose files a
  /// folder is likelier to hold than transport streams.
  package static let videoExtensions: Set<String> = [
    "mp4", "m4v", "mov", "webm", "mkv", "avi", "ogv", "3gp", "3g2", "mts", "m2ts", "mpg", "mpeg", "wmv", "flv",
  ]

  /// Whether `path` names a video by its extension, in any case.
  package static func isVideo(_ path: String) -> Bool {
    videoExtensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// A video's hash and probe: from the index while its size and modification
  /// time are unchanged, else hashed (in pieces: a clip may be larger than
  /// memory) and probed by ffprobe. Its header is the picture's size as a
  /// player shows it, which the poster will have.
  func clip(relative: String, path: String, label: String) -> PhotoFile {
    let file = label + relative
    let attributes = try? fileSystem.attributes(of: path)
    if let attributes, let known = index.entries[relative], known.attributes == attributes, known.probe != nil {
      var clip = PhotoFile(
        relativePath: relative, file: file, path: path, hash: known.hash, header: known.header,
        attributes: attributes, rawMetadata: known.metadata)
      clip.probe = known.probe
      return clip
    }
    var clip = PhotoFile(relativePath: relative, file: file, path: path, hash: "")
    guard let video, video.isAvailable else {
      clip.problem = VideoError.missing.message
      return clip
    }
    // Held open while it is hashed and probed: the bytes hashed and the
    // clip ffprobe reads are the checked file's, whatever is swapped in at
    // its path (`OpenedFile`).
    let opened: OpenedFile
    do {
      opened = try fileSystem.open(checked: path)
    } catch {
      clip.problem = error.message
      return clip
    }
    defer { withExtendedLifetime(opened) {} }
    var hasher = SHA256()
    do {
      try fileSystem.read(opened.path, inPiecesOf: 1 << 20) { hasher.update(data: $0) }
    } catch {
      clip.problem = "cannot read file (\(OSReason.describe(error)))"
      return clip
    }
    clip.hash = hasher.finalize().prefix(12).hex
    do throws(VideoError) {
      let probe = try video.probe(opened.sharedPath)
      guard let stream = probe.video else {
        clip.problem = "not a video: it holds no picture"
        return clip
      }
      clip.probe = probe
      clip.header = ImageHeader(
        storedWidth: stream.displayWidth, storedHeight: stream.displayHeight, orientation: 1, hasAlpha: false,
        format: "video")
      clip.attributes = attributes
      clip.rawMetadata = RawMetadata()
      clip.metadata = MediaMetadata()
    } catch {
      clip.problem = error.message
    }
    return clip
  }

  /// `files` without the videos that could not be probed for want of ffmpeg,
  /// which are one warning for them all (`warnUnprobedVideos`): a previewed
  /// folder shows the rest.
  static func withoutUnprobedVideos(_ files: [PhotoFile], label: String, diagnostics: inout [Diagnostic])
    -> [PhotoFile]
  {
    warnUnprobedVideos(files, label: label, diagnostics: &diagnostics)
    return files.filter { !isUnprobed($0) }
  }

  /// One warning (at `label`, the photo folder) for every video that could not
  /// be probed for want of ffmpeg, rather than one each. A site keeps those
  /// files in its list, so an album that names one leaves it out quietly
  /// instead of calling it missing; the rest of the site is built.
  static func warnUnprobedVideos(_ files: [PhotoFile], label: String, diagnostics: inout [Diagnostic]) {
    let unprobed = files.count(where: isUnprobed)
    guard unprobed > 0 else { return }
    diagnostics.append(unprobedWarning(count: unprobed, label: label))
  }

  /// The warning of `warnUnprobedVideos` for `count` videos.
  static func unprobedWarning(count: Int, label: String) -> Diagnostic {
    .warning(
      "\(Text.count(count, "video")) left out: \(VideoError.missing.message)",
      at: SourceLocation(file: String(label.reversed().drop { $0 == "/" }.reversed())))
  }

  /// Whether the file at `relative` is one a load reads: a photo or a video, by its extension.
  package static func isPhotoOrVideo(_ relative: String) -> Bool {
    let ext = Path.pathExtension(of: relative).lowercased()
    return imageExtensions.contains(ext) || videoExtensions.contains(ext)
  }

  /// Whether `relative` is named as a photo, a video or an image format
  /// catgallery refuses: the names whose text file is theirs even when they
  /// are left out.
  static func isMediaName(_ relative: String) -> Bool {
    isPhotoOrVideo(relative) || unsupportedExtensions.contains(Path.pathExtension(of: relative).lowercased())
  }

  /// Whether `file` is a video left unprobed because ffmpeg is missing.
  static func isUnprobed(_ file: PhotoFile) -> Bool {
    file.problem == VideoError.missing.message
  }
}
