/// One derivative of a photo: its processing spec and the file name it gets,
/// which carries a hash of the source bytes, the spec and the pipeline version.
package struct Derivative: Sendable, Hashable {
  package var spec: DerivativeSpec
  /// Its one name, in the cache and in public/images/ (`DerivativeName`).
  package var fileName: String
  /// The hash alone: identical work has an identical hash, wherever the photo lives.
  package var hash: String
}
