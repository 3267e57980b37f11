extension SiteLoader {
  /// A file with no extension (a camera card copied by a tool that dropped
  /// them, a download saved bare), taken by what it holds: a photo when
  /// libvips recognises a format catgallery reads, else a clip when ffprobe
  /// finds a video container. A format catgallery refuses, and a file that
  /// names other files as a video would (`VideoInput`), is kept with its
  /// problem so it is named; nil for what is no media at all (a README, a
  /// licence, a Makefile), which a folder may hold without a word.
  func media(relative: String, path: String, label: String) -> PhotoFile? {
    do {
      _ = try codec.header(of: path)
      return photo(relative: relative, path: path, label: label)
    } catch {
      // A format libvips named but catgallery refuses (BMP, PSD); a loader
      // it cannot name is ImageMagick's guess, which any clip may draw.
      if error.message.hasPrefix(ImageFormat.unsupported("").prefix { $0 != "(" } + "(") {
        return PhotoFile(
          relativePath: relative, file: label + relative, path: path, hash: "", header: nil, problem: error.message)
      }
    }
    let clip = clip(relative: relative, path: path, label: label)
    guard let problem = clip.problem else { return clip }
    return Self.isNoMedia(problem) ? nil : clip
  }

  /// Whether a clip's `problem` says ffprobe found no media in the file at
  /// all: text, bytes no demuxer knows, or no ffmpeg to ask.
  static func isNoMedia(_ problem: String) -> Bool {
    // An image ffprobe recognised is one libvips did not: not media here either.
    [VideoInput.refusal("tty"), VideoError.missing.message, VideoInput.empty, VideoInput.unknown].contains(problem)
      || problem.hasPrefix("not a video: the file is")
  }
}
