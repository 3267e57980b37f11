import Foundation

/// A file of the built site, relative to the output folder.
struct OutputFile: Sendable, Hashable {
  var path: String
  var data: Data

  init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}
