/// Finds the file an iOS-style image name refers to: `burmese1` matches
/// `burmese1.jpg` or `Burmese1.PNG`; two such candidates are ambiguous. A
/// Live Photo's name finds its still, which brings its clip along.
package struct PhotoResolver {
  /// The photos by lower-cased path, and by lower-cased name without its
  /// extension; made at the first lookup (`tables`), as a previewed folder's
  /// build never makes one: its names were three strings and two entries a
  /// photo, 11 MB at the peak of the Model stage of 20,000 photos (issue 24).
  private struct Tables {
    var byName: [String: [PhotoFile]] = [:]
    var byPath: [String: PhotoFile] = [:]
  }
  private var lookup: Tables?
  private let photos: [PhotoFile]
  /// The Live Photo clip of each still that has one, by the still's relative
  /// path (`LivePhotos.pairs`).
  package let liveClips: [String: PhotoFile]
  /// Relative paths that something referenced, for the unused-photo warning.
  package private(set) var used: Set<String> = []

  /// Names made by catgallery itself (preview) may be paths below the photo folder.
  var allowsPaths = false

  package init(photos: [PhotoFile], allowsPaths: Bool = false) {
    self.allowsPaths = allowsPaths
    self.photos = photos
    liveClips = LivePhotos.pairs(photos)
  }

  /// The lookup tables, made once.
  private mutating func tables() -> Tables {
    if let lookup { return lookup }
    var tables = Tables()
    // `IMG_1` names the still of a Live Photo, not both of its files; the
    // clip is still found by its full name.
    let partners = Set(liveClips.values.map(\.relativePath))
    for photo in photos {
      let lower = photo.relativePath.lowercased()
      tables.byPath[lower] = photo
      guard !partners.contains(photo.relativePath) else { continue }
      let stem = lower.split(separator: ".").dropLast().joined(separator: ".")
      tables.byName[stem, default: []].append(photo)
    }
    lookup = tables
    return tables
  }

  /// Whether a name tries to leave content/photos/ or carries a path at all.
  static func isUnsafe(_ name: String) -> Bool {
    name.contains("/") || name.contains("\\") || name.contains("..") || name.hasPrefix("~")
      || name.contains("\0") || name.contains(":")
  }

  /// Whether a photo name could leave content/photos/: a name may go down
  /// into folders (`cats/cat-mochi-2`, as `cats edit --photo` stores one) but
  /// never up, never from the root, and never with a backslash or a drive.
  static func isUnsafePath(_ name: String) -> Bool {
    if name.contains("\\") || name.contains("\0") || name.contains(":") || name.hasPrefix("/") || name.hasPrefix("~") {
      return true
    }
    return name.split(separator: "/", omittingEmptySubsequences: false).contains {
      $0.isEmpty || $0 == "." || $0 == ".."
    }
  }

  package mutating func resolve(_ name: String) -> Result<PhotoFile, PhotoLookupError> {
    if !allowsPaths, Self.isUnsafePath(name) { return .failure(.unsafe) }
    let key = name.lowercased()
    let found = tables()
    let candidates = found.byPath[key].map { [$0] } ?? found.byName[key] ?? []
    guard let photo = candidates.first else { return .failure(.missing) }
    if candidates.count > 1 { return .failure(.ambiguous(candidates.map(\.file).sorted())) }
    used.insert(photo.relativePath)
    if let problem = photo.problem { return .failure(.unreadable(problem)) }
    if let clip = liveClips[photo.relativePath] { used.insert(clip.relativePath) }
    return .success(photo)
  }

  mutating func markUsed(_ photo: PhotoFile) { used.insert(photo.relativePath) }

  /// The readable photo at `relativePath` below content/photos/ (a path the
  /// photo manifest names, not a user's), marked used; nil when it is gone.
  package mutating func resolve(path relativePath: String) -> PhotoFile? {
    guard let photo = tables().byPath[relativePath.lowercased()], photo.problem == nil else { return nil }
    used.insert(photo.relativePath)
    return photo
  }

  /// The message for a failed lookup of `name`, used by every input that names photos;
  /// nil for an unreadable file, which is already reported once at the file itself.
  package static func message(for failure: PhotoLookupError, name: String, owner: String) -> String? {
    switch failure {
    case .unsafe:
      "image name \"\(name)\" of \(owner) must name a photo below content/photos/ (no '..', '\\' or leading '/')"
    case .missing:
      "\(owner) names image \"\(name)\", which is not in content/photos/"
    case .ambiguous(let files):
      "\(owner) names image \"\(name)\", which matches several files: \(files.joined(separator: ", "))"
    case .unreadable:
      nil
    }
  }
}

extension Photo {
  package init?(_ file: PhotoFile, credit: Credit? = nil) {
    guard let header = file.header else { return nil }
    let name = file.relativePath.split(separator: "/").last.map(String.init) ?? file.relativePath
    // A name with no extension is all stem ("IMG_0001", a photo known by content).
    let stem = Path.stem(of: name)
    self.init(
      id: file.relativePath, file: file.file, path: file.path, hash: file.hash, header: header,
      stem: Slug.make(stem),
      metadata: file.metadata ?? MediaMetadata(), credit: credit, clip: file.clip, modified: file.attributes?.modified)
  }
}
