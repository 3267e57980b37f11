/// The one way a command shows diagnostics: each becomes the line
/// `path[:line[:col]]: error|warning|note: message (reason)` (`Diagnostic.description`)
/// written to a sink, standard error for the command line, an array in tests.
/// Each line is escaped for a terminal (`TerminalText`): names in messages are
/// the user's files', and a control character in one must not reach the screen.
public struct DiagnosticPrinter: Sendable {
  /// Receives each line, without its newline.
  package let write: @Sendable (String) -> Void

  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// The printed lines of `diagnostics`, sorted by file, line and column
  /// (`sortedForPrinting`) unless `sorted` is false: an edit's refusal is
  /// already in the order to read, each note after what it explains.
  package static func lines(_ diagnostics: [Diagnostic], sorted: Bool = true) -> [String] {
    (sorted ? diagnostics.sortedForPrinting() : diagnostics).map { TerminalText.escaped($0.description) }
  }

  /// Writes the lines of `diagnostics` (see `lines`).
  public func print(_ diagnostics: [Diagnostic], sorted: Bool = true) {
    for line in Self.lines(diagnostics, sorted: sorted) { write(line) }
  }

  /// Writes one diagnostic.
  public func print(_ diagnostic: Diagnostic) {
    write(TerminalText.escaped(diagnostic.description))
  }
}
