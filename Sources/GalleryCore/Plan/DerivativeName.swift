/// The one name a derivative has, in the cache and under public/images/ alike:
/// `<stem>-<w>x<h>.<hash>.<ext>`. The hash covers the source bytes, the spec and
/// the pipeline version, never the stem, so the same work has the same hash
/// wherever the photo lives and whatever it is called.
package enum DerivativeName {
  /// Hex digits of the hash in every name.
  package static let hashLength = 10

  package static func make(stem: String, spec: DerivativeSpec, hash: String) -> String {
    "\(stem)-\(spec.width)x\(spec.height).\(hash).\(spec.format.fileExtension)"
  }

  /// What a derivative holds, `<hash>.<ext>`: the key cached files are matched by.
  package static func work(of derivative: Derivative) -> String {
    derivative.hash + "." + derivative.spec.format.fileExtension
  }

  /// The work a name holds, `<hash>.<ext>`: files with equal work hold equal
  /// bytes. Also for the names of caches from before names carried the stem
  /// (`<hash>.<ext>` alone), which hold the same bytes. Nil for any other name:
  /// such a file is no derivative.
  package static func work(of name: String) -> String? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      let ext = parts.last, extensions.contains(String(ext))
    else { return nil }
    let hash = parts[parts.count - 2]
    guard hash.count == hashLength, consists(hash, of: "0"..."9", "a"..."f") else { return nil }
    let work = "\(hash).\(ext)"
    if parts.count == 2 { return work }
    // `<slug>-<w>x<h>`: a slug is lower-case letters, digits and single dashes.
    let head = parts[0].split(separator: "-", omittingEmptySubsequences: false)
    guard head.count >= 2, let size = head.last,
      head.dropLast().allSatisfy({ consists($0, of: "a"..."z", "0"..."9") })
    else { return nil }
    let sides = size.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, sides.allSatisfy({ consists($0, of: "0"..."9") }) else { return nil }
    return work
  }

  private static let extensions = Set(DerivativeSpec.Format.allCases.map(\.fileExtension))

  /// Whether `text` is not empty and every character lies in one of `ranges`.
  private static func consists(_ text: Substring, of ranges: ClosedRange<Unicode.Scalar>...) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in ranges.contains { $0.contains(scalar) } }
  }
}
