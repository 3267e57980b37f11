/// A failure at the image edge: its message, ready to be a diagnostic's.
public struct ImageError: Error, Sendable, CustomStringConvertible {
  public var message: String
  package init(_ message: String) { self.message = message }
  public var description: String { message }
}
