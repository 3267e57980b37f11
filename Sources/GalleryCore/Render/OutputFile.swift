import Foundation

/// A file of the built site, relative to the output folder.
package struct OutputFile: Sendable, Hashable {
  package var path: String
  package var data: Data

  package init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}
