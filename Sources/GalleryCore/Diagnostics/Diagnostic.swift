/// Where in a user's file something was found: a path relative to the site root,
/// plus line and column when the format gives them, otherwise a key path.
public struct SourceLocation: Sendable, Hashable, Comparable, Codable {
  package var file: String
  package var line: Int?
  package var column: Int?
  var keyPath: String?

  package init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil) {
    self.file = file
    self.line = line
    self.column = column
    self.keyPath = keyPath
  }

  /// `file:line:column` or `file` (the key path goes into the message instead).
  package var description: String {
    var text = file
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    return text
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.file, a.line ?? 0, a.column ?? 0) < (b.file, b.line ?? 0, b.column ?? 0)
  }
}

/// One problem found in the input, printed like a compiler's message.
/// Codable, so the no-change short cut can say again what the build it
/// stands for said (`BuildRecord`).
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning, note
  }

  package var severity: Severity
  package var location: SourceLocation?
  package var message: String

  package init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
    self.severity = severity
    self.location = location
    self.message = message
  }

  public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(.error, message, at: location)
  }

  public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(.warning, message, at: location)
  }

  /// More about the diagnostic before it: a cause, what was left alone, what to run next.
  public static func note(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(.note, message, at: location)
  }

  /// `content/cats.json:7:12: error: message (at [3].rating)`.
  public var description: String {
    var text = ""
    if let location { text += location.description + ": " }
    text += "\(severity.rawValue): \(message)"
    if let keyPath = location?.keyPath, location?.line == nil, !keyPath.isEmpty {
      text += " (at \(keyPath))"
    }
    return text
  }
}

extension Array where Element == Diagnostic {
  package var hasErrors: Bool { contains { $0.severity == .error } }

  /// How many of these have `severity`.
  public func count(of severity: Diagnostic.Severity) -> Int {
    count(where: { $0.severity == severity })
  }

  /// `2 error(s)`, or with `.warning` too `2 error(s), 1 warning(s)`: the
  /// count in a command's closing line.
  package func tally(_ severities: Diagnostic.Severity...) -> String {
    severities.map { "\(count(of: $0)) \($0.rawValue)(s)" }.joined(separator: ", ")
  }

  /// Stable order for printing: by file, line, column, then as found.
  package func sortedForPrinting() -> [Diagnostic] {
    enumerated().sorted { a, b in
      let left = a.element.location ?? SourceLocation(file: "")
      let right = b.element.location ?? SourceLocation(file: "")
      if left != right,
        left.file != right.file || left.line != right.line
          || left.column != right.column
      {
        return left < right
      }
      return a.offset < b.offset
    }.map(\.element)
  }
}

/// An error thrown at a stage boundary that carries every diagnostic gathered so far.
package struct DiagnosticsError: Error, Sendable {
  package var diagnostics: [Diagnostic]
  package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}

extension Diagnostic {
  /// The message with what varies from one record to the next taken out:
  /// each quoted text becomes `"…"` and each number `#`, so that
  /// `photoUrl of cat 3 "Tom" is not https` and `photoUrl of cat 41 "Ada"
  /// is not https` are one kind (`DiagnosticPrinter` counts them as one).
  package var kind: String {
    var shape = ""
    var quoted = false
    var inNumber = false
    for character in message {
      if character == "\"" {
        quoted.toggle()
        if !quoted { shape += "\"…\"" }
        continue
      }
      guard !quoted else { continue }
      if character.isASCII, character.isNumber {
        if !inNumber { shape += "#" }
        inNumber = true
        continue
      }
      inNumber = false
      shape.append(character)
    }
    return shape
  }
}
