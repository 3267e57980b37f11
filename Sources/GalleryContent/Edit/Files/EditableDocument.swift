import Foundation

/// One of the user's files as its editor holds it: parsed from the bytes
/// read (nil when there is no file) and written back as `data`, so that
/// `DocumentStore` can read, change and write any of them the same way.
protocol EditableDocument: Sendable {
  /// The path as the user knows it, unless a store is told another.
  static var defaultFile: String { get }
  init(contents: Data?, file: String) throws(EditError)
  var data: Data { get }
}
