/// One derivative of a photo: its processing spec and the file name it gets,
/// which carries a hash of the source bytes, the spec and the pipeline version.
package struct Derivative: Sendable, Hashable {
  package var spec: DerivativeSpec
  /// The photo's stem, shared with the photo rather than copied into a name:
  /// a plan holds a dozen derivatives a photo, and their names are made only
  /// where they are written (issue 24: 2.6 MB of names at 20,000 photos).
  package var stem: String
  /// The hash alone: identical work has an identical hash, wherever the photo lives.
  package var hash: String

  /// Its one name, in the cache and in public/images/ (`DerivativeName`).
  package var fileName: String { DerivativeName.make(stem: stem, spec: spec, hash: hash) }
}

extension Derivative {
  /// The index of the first of each distinct derivative of `list`, in order.
  /// Told apart by their hashes, each checked against the one it matches:
  /// a `Set` of a site's 160,000 derivatives held as much again as the list
  /// did, at the end of the build (issue 24).
  package static func firstIndices(_ list: [Derivative]) -> [Int] {
    var first: [Int: Int] = [:]
    first.reserveCapacity(list.count)
    var indices: [Int] = []
    indices.reserveCapacity(list.count)
    for (index, derivative) in list.enumerated() {
      let key = derivative.hashValue
      if let earlier = first[key] {
        if list[earlier] == derivative { continue }
        // Two derivatives with one hash: rare enough to tell apart the slow way.
        var seen: Set<Derivative> = []
        return list.indices.filter { seen.insert(list[$0]).inserted }
      }
      first[key] = index
      indices.append(index)
    }
    return indices
  }

  /// `list` without repeats, in order; `list` itself when it has none.
  package static func unique(_ list: [Derivative]) -> [Derivative] {
    let indices = firstIndices(list)
    return indices.count == list.count ? list : indices.map { list[$0] }
  }
}
