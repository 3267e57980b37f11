/// A failure at the image edge: its message, ready to be a diagnostic's.
public struct ImageError: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// The file's content is at fault, not the machine: libvips cannot decode
  /// it (cut short, not what its header says). The same bytes fail again, so
  /// the failure is remembered by their hash (`RenderedPhoto.failure`).
  package var isUndecodable = false

  package init(_ message: String) { self.message = message }

  package init(undecodable message: String) {
    self.message = message
    isUndecodable = true
  }

  public var description: String { message }
}
