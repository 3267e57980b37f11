import Foundation
import GalleryKit

/// Terminal output: results on stdout, diagnostics on stderr.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Every diagnostic, sorted by file and line, one compiler-style line each.
  static func print(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics.sortedForPrinting() {
      error(diagnostic.description)
    }
  }
}
