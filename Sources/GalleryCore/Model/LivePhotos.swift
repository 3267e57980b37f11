/// Live Photos as an iPhone leaves them in a folder: a still (`IMG_1234.HEIC`,
/// or `IMG_1234.JPG` once exported) and a short clip (`IMG_1234.MOV`) with the
/// same name. The pair is one item, the still, with the clip as its `live`
/// companion, which the pages play in place; the clip is no item of its own.
enum LivePhotos {
  /// The stills a phone pairs with a clip; any case.
  static let stillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
  /// The clip's; any case.
  static let clipExtension = "mov"

  /// The clip of each still that has one, by the still's relative path: the
  /// `.mov` in the same folder whose name but for its extension is the
  /// still's, compared without case (a copy through another system may
  /// change it). Only readable files pair, and only a clip that was probed:
  /// a MOV left out leaves its still a plain photo. Two stills of one name
  /// (a HEIC and its JPEG) share the clip; of two clips of one name (on a
  /// file system that tells case apart) the first by name pairs and the
  /// other stays a video.
  static func pairs(_ files: [PhotoFile]) -> [String: PhotoFile] {
    var clips: [String: PhotoFile] = [:]
    for file in files.sorted(by: { $0.relativePath < $1.relativePath })
    where file.problem == nil && file.probe != nil && Self.fileExtension(file) == clipExtension {
      let key = Self.key(file)
      if clips[key] == nil { clips[key] = file }
    }
    var pairs: [String: PhotoFile] = [:]
    for file in files
    where file.problem == nil && file.header != nil && file.probe == nil
      && stillExtensions.contains(Self.fileExtension(file))
    {
      if let clip = clips[Self.key(file)] { pairs[file.relativePath] = clip }
    }
    return pairs
  }

  /// The folder as it is, and the name without its extension in lower case.
  private static func key(_ file: PhotoFile) -> String {
    Path.parent(of: file.relativePath) + "/" + Path.stem(of: Path.name(of: file.relativePath)).lowercased()
  }

  private static func fileExtension(_ file: PhotoFile) -> String {
    Path.pathExtension(of: Path.name(of: file.relativePath)).lowercased()
  }
}
