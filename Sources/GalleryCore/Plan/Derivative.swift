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
