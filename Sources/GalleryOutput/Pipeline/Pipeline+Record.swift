import Foundation
import GalleryImages

/// The no-change short cut's fingerprint of the inputs; its record is the
/// output's owner's (`OutputOwner.lastBuild`, `OutputOwner.remember`).
extension Pipeline {
  /// The fingerprint of the inputs, or nil when the short cut does not apply:
  /// `--force` always rebuilds, and a live site keeps its own state.
  func unchangedCheck(_ options: BuildOptions, output: OutputOwner) -> (value: String, settled: Bool)? {
    guard !options.force, options.target.live == nil else { return nil }
    return BuildRecord.fingerprint(
      options: options, output: output.path, program: program, fileSystem: fileSystem, codec: codec, day: now(),
      clock: clock())
  }
}
