import Foundation

/// What the files other programs keep beside a previewed photo say about it:
/// an XMP sidecar (darktable, Lightroom, digiKam: `IMG_1.jpg.xmp` or
/// `IMG_1.xmp`, read by exiv2), Google Takeout's JSON (`IMG_1.jpg.json`,
/// `IMG_1.jpg.supplemental-metadata.json`) and PhotoPrism's YAML
/// (`IMG_1.yml`). Only the title, caption, keywords, date taken, rating and
/// place are taken from them; the place stays private as an embedded one does
/// (`metadata.publish: [gps]` alone shows it).
///
/// Which text wins, the first that has a field:
/// 1. the photo's Markdown text (`IMG_1.md`; applied by the Model, over all below),
/// 2. its XMP sidecar, which editors update when the photographer edits,
/// 3. its Takeout JSON, then its PhotoPrism YAML (exports of a library),
/// 4. the metadata embedded in the photo.
///
/// A sidecar that cannot be read or parsed is a warning at its line where
/// the format has one, and the photo keeps the rest of what it says.
struct SidecarMetadata {
  let reader: FolderReader
  let metadata: MetadataReader

  /// The largest sidecar read: darktable's XMP with a long edit history is
  /// some hundred kilobytes.
  static let sidecarBytes = TextLimits.textFileBytes

  enum Kind: CaseIterable {
    case xmp, takeout, photoPrism
  }

  /// The names a sidecar of `kind` may have beside the photo `name`, the
  /// more specific first.
  static func names(of name: String, kind: Kind) -> [String] {
    let stem = Path.stem(of: name)
    switch kind {
    case .xmp: return [name + ".xmp", stem + ".xmp"]
    case .takeout: return [name + ".supplemental-metadata.json", name + ".json"]
    case .photoPrism: return [stem + ".yml"]
    }
  }

  /// Fills each photo's metadata from its sidecars among `files` (the kept
  /// files, paths from the previewed folder; names matched without case).
  func apply(to photos: inout [PhotoFile], files: [String], diagnostics: inout [Diagnostic]) {
    var byLowercased: [String: String] = [:]
    for file in files where Self.mayBeSidecar(file) { byLowercased[file.lowercased()] = file }
    guard !byLowercased.isEmpty else { return }
    for index in photos.indices {
      let photo = photos[index]
      let folder = Path.parent(of: photo.relativePath)
      let name = Path.name(of: photo.relativePath)
      func found(_ kind: Kind) -> String? {
        Self.names(of: name, kind: kind).lazy.compactMap { byLowercased[Path.join(folder, $0).lowercased()] }
          .first { $0 != "site.yml" }
      }
      // Lowest first: each later one overrides the fields it has.
      var merged = photo.metadata ?? MediaMetadata()
      var changed = false
      if let file = found(.photoPrism), let yaml = photoPrism(file, diagnostics: &diagnostics) {
        merged = merged.overlaid(by: yaml)
        changed = true
      }
      if let file = found(.takeout), let json = takeout(file, photo: name, diagnostics: &diagnostics) {
        merged = merged.overlaid(by: json)
        changed = true
      }
      if let file = found(.xmp), let xmp = xmp(file, diagnostics: &diagnostics) {
        merged = merged.overlaid(by: xmp)
        changed = true
      }
      if changed { photos[index].metadata = merged }
    }
  }

  static func mayBeSidecar(_ file: String) -> Bool {
    ["xmp", "json", "yml"].contains(Path.pathExtension(of: file).lowercased())
  }

  /// The XMP sidecar at `relative`, through exiv2 as a photo's own XMP is read.
  private func xmp(_ relative: String, diagnostics: inout [Diagnostic]) -> MediaMetadata? {
    guard let path = reader.readable(relative, limit: Self.sidecarBytes, diagnostics: &diagnostics) else {
      return nil
    }
    guard let raw = metadata.readSidecar(MetadataInterpreter.tags, from: path) else {
      diagnostics.append(
        .warning(
          "ignored: exiv2 finds no XMP in this sidecar (damaged, or not XMP)",
          at: SourceLocation(file: Path.join(reader.name, relative))))
      return nil
    }
    return MetadataInterpreter.interpret(raw)
  }

  /// The parsed text of `relative`, or nil with a warning at the line where
  /// parsing failed.
  func parsed(
    _ relative: String, diagnostics: inout [Diagnostic], parse: (FolderText) throws(DiagnosticsError) -> Node
  ) -> Node? {
    guard let text = reader.read(relative, limit: Self.sidecarBytes, diagnostics: &diagnostics) else { return nil }
    do {
      let node = try parse(text)
      guard node.isDictionary else {
        diagnostics.append(
          .warning(
            "ignored: the sidecar must be a mapping of keys to values, found \(node.kindDescription)", at: node.location
          ))
        return nil
      }
      return node
    } catch {
      diagnostics += error.diagnostics.map {
        .warning($0.message + "; the sidecar was ignored", at: $0.location ?? SourceLocation(file: text.file))
      }
      return nil
    }
  }
}

extension MediaMetadata {
  /// These values with each of the fields a sidecar reads replaced where
  /// `other` has it.
  func overlaid(by other: MediaMetadata) -> MediaMetadata {
    var result = self
    if let caption = other.caption { result.caption = caption }
    if let title = other.title { result.title = title }
    if let taken = other.taken {
      result.taken = taken
      result.takenOffset = other.takenOffset
    }
    if !other.keywords.isEmpty { result.keywords = other.keywords }
    if let rating = other.rating { result.rating = rating }
    if let gps = other.gps { result.gps = gps }
    return result
  }
}
