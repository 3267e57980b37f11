/// The one way a command shows diagnostics: each becomes the line
/// `path[:line[:col]]: error|warning|note: message (reason)` (`Diagnostic.description`)
/// written to a sink, standard error for the command line, an array in tests.
/// Each line is escaped for a terminal (`TerminalText`): names in messages are
/// the user's files', and a control character in one must not reach the screen.
/// Warnings of one kind in one file (`Diagnostic.kind`) are one line with a
/// count unless the command runs `--verbose`: a hundred cats with an http
/// photo are one problem to fix, and the lines would bury everything else.
/// Errors and notes are always printed one by one.
public struct DiagnosticPrinter: Sendable {
  /// Receives each line, without its newline.
  package let write: @Sendable (String) -> Void

  /// Warnings of one kind in one file from this many on are one line.
  package static let groupedFrom = 3

  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// The printed lines of `diagnostics`, sorted by file, line and column
  /// (`sortedForPrinting`) unless `sorted` is false: an edit's refusal is
  /// already in the order to read, each note after what it explains. Unless
  /// `verbose`, warnings of a kind repeated in a file are one line, where the
  /// first of them was: the first message, how many there are in all, and
  /// that `--verbose` lists them.
  package static func lines(_ diagnostics: [Diagnostic], sorted: Bool = true, verbose: Bool = false) -> [String] {
    let ordered = sorted ? diagnostics.sortedForPrinting() : diagnostics
    guard !verbose else { return ordered.map { TerminalText.escaped($0.description) } }
    var counts: [GroupKey: Int] = [:]
    for diagnostic in ordered { if let key = GroupKey(diagnostic) { counts[key, default: 0] += 1 } }
    var printed: Set<GroupKey> = []
    return ordered.compactMap { diagnostic in
      guard let key = GroupKey(diagnostic), let count = counts[key], count >= groupedFrom else {
        return TerminalText.escaped(diagnostic.description)
      }
      guard printed.insert(key).inserted else { return nil }
      var summary = diagnostic
      summary.location = diagnostic.location.map { SourceLocation(file: $0.file) }
      summary.message += " (and \(count - 1) more like it in this file, \(count) in all; --verbose lists them)"
      return TerminalText.escaped(summary.description)
    }
  }

  /// Writes the lines of `diagnostics` (see `lines`).
  public func print(_ diagnostics: [Diagnostic], sorted: Bool = true, verbose: Bool = false) {
    for line in Self.lines(diagnostics, sorted: sorted, verbose: verbose) { write(line) }
  }

  /// Writes one diagnostic.
  public func print(_ diagnostic: Diagnostic) {
    write(TerminalText.escaped(diagnostic.description))
  }

  /// What makes warnings one kind: the file and the message's shape.
  private struct GroupKey: Hashable {
    var file: String?
    var kind: String

    init?(_ diagnostic: Diagnostic) {
      guard diagnostic.severity == .warning else { return nil }
      file = diagnostic.location?.file
      kind = diagnostic.kind
    }
  }
}
