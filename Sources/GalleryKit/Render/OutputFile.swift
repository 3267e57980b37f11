import Foundation

/// A file of the built site, relative to the output folder.
public struct OutputFile: Sendable, Hashable {
  public var path: String
  public var data: Data

  public init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}
