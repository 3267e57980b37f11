/// Collects diagnostics while the Model stage walks the input, so every problem
/// is reported at once instead of stopping at the first.
package struct DiagnosticCollector {
  package var list: [Diagnostic] = []

  package init() {}

  package mutating func error(_ message: String, at node: Node) {
    list.append(.error(message, at: node.location))
  }

  package mutating func error(_ message: String, at location: SourceLocation) {
    list.append(.error(message, at: location))
  }

  package mutating func warning(_ message: String, at node: Node) {
    list.append(.warning(message, at: node.location))
  }

  package mutating func warning(_ message: String, at location: SourceLocation) {
    list.append(.warning(message, at: location))
  }

  /// Whether an error was collected after the first `count` diagnostics.
  package func hasErrors(since count: Int) -> Bool {
    list[count...].contains { $0.severity == .error }
  }
}
