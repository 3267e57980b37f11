import Foundation
import GalleryCore

/// Why `ContentEditor` refused an edit, as the diagnostics to print (in
/// order: each note after what it explains); the file is then untouched.
public struct EditRefusal: Error, Sendable {
  /// What kind of refusal, for a server to answer with the matching status.
  public enum Kind: Sendable {
    /// A value breaks the rules (422).
    case invalid
    /// The file changed on disk since it was read (409).
    case conflict
    /// No such cat or photo (404).
    case notFound
    /// restdb refused the change or could not be reached (502).
    case remote
    /// The file cannot be read or written as it is (500).
    case other
  }

  public var diagnostics: [Diagnostic]
  package var kind = Kind.other
  /// The message for each refused field, by form control name
  /// (`CatField.rawValue`, `caption`), for a form to show next to it.
  public var fields: [String: String] = [:]

  public init(_ diagnostics: [Diagnostic], kind: Kind = .other, fields: [String: String] = [:]) {
    self.diagnostics = diagnostics
    self.kind = kind
    self.fields = fields
  }

  /// The refusal as printed, one line per diagnostic, in order.
  package var lines: [String] { DiagnosticPrinter.lines(diagnostics, sorted: false) }
}

extension EditRefusal {
  package init(_ error: EditError) {
    switch error {
    case .invalid(let problems):
      self.init(
        problems.map { .error($0.description) }, kind: .invalid,
        fields: Dictionary(problems.map { ($0.field, $0.message) }) { first, _ in first })
    case .unreadable(_, let diagnostics): self.init(diagnostics)
    case .changedOnDisk: self.init([.error(error.description)], kind: .conflict)
    case .recordNotFound, .photoNotFound, .ambiguousPhoto: self.init([.error(error.description)], kind: .notFound)
    default: self.init([.error(error.description)])
    }
  }

  /// One error without a location.
  package init(_ message: String, kind: Kind = .other) {
    self.init([.error(message)], kind: kind)
  }

  /// A refused value of `field`.
  package init(_ field: CatField, _ message: String) {
    self.init([.error(message)], kind: .invalid, fields: [field.rawValue: message])
  }

  /// A change restdb refused, or one that did not reach it or whose answer
  /// was unusable: every such refusal is made here, so that a server can
  /// give them one status of their own (502). cats.json is unchanged.
  package init(restdb diagnostics: [Diagnostic]) {
    self.init(diagnostics, kind: .remote)
  }

  /// Each message with `text` replaced by `replacement` (a staged upload's
  /// path by the name the browser gave the file).
  package func replacing(_ text: String, with replacement: String) -> EditRefusal {
    var refusal = self
    refusal.diagnostics = diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      diagnostic.message = diagnostic.message.replacingOccurrences(of: text, with: replacement)
      return diagnostic
    }
    refusal.fields = fields.mapValues { $0.replacingOccurrences(of: text, with: replacement) }
    return refusal
  }
}
