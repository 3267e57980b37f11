import Foundation

extension OutputPlan {
  /// One error for each page that would be written to the same file as another.
  /// Paths are compared case-folded and in Unicode NFC, as macOS and Windows file
  /// systems and many static hosts compare them, so `breeds/ABYS/` and
  /// `breeds/abys/` collide even where Linux would keep both. The error stands
  /// at the later of the two records and names the other with its location.
  func pathCollisions() -> [Diagnostic] {
    let claims =
      pages.map { PlannedFolder(path: $0.file, pageOrigin: $0.pageOrigin ?? PageOrigin(name: "the page \($0.file)")) }
    var first: [String: PlannedFolder] = [:]
    var diagnostics: [Diagnostic] = []
    for claim in claims {
      let key = Self.collisionKey(claim.path)
      guard let earlier = first[key] else {
        first[key] = claim
        continue
      }
      var (kept, later) = (earlier, claim)
      if let a = kept.pageOrigin?.location, let b = later.pageOrigin?.location, b < a { swap(&kept, &later) }
      var message =
        "\(later.pageOrigin?.name ?? later.path) would be written to \(later.path), as is \(kept.pageOrigin?.name ?? kept.path)"
      if let location = kept.pageOrigin?.location { message += " (\(location.description))" }
      diagnostics.append(.error(message, at: later.pageOrigin?.location))
    }
    return diagnostics
  }

  /// `path` case-folded and in NFC. An ASCII path (almost every one) is
  /// already in NFC and folds by lower-casing, without Foundation's Unicode
  /// passes, which were most of this check on a site of 10,000 pages.
  static func collisionKey(_ path: String) -> String {
    if Text.isASCII(path) { return path.lowercased() }
    return path.precomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
  }
}
