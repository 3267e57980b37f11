import Foundation
import GalleryCore

/// Fans server-sent events out to every open browser tab.
actor ReloadHub {
  private var clients: [UUID: AsyncStream<String>.Continuation] = [:]
  /// The last non-reload message, replayed to tabs that connect later (an error overlay).
  private var current: String?

  init() {}

  /// A stream of SSE-formatted messages for one tab.
  func subscribe() -> AsyncStream<String> {
    let id = UUID()
    let (stream, continuation) = AsyncStream<String>.makeStream()
    clients[id] = continuation
    if let current { continuation.yield(current) }
    continuation.onTermination = { _ in Task { await self.remove(id) } }
    return stream
  }

  private func remove(_ id: UUID) { clients[id] = nil }

  /// Tells every tab to reload.
  func reload() {
    current = nil
    send(Self.event("reload", data: ""))
  }

  /// Shows the diagnostics of a failed rebuild over every tab.
  func showErrors(_ lines: [String]) {
    let message = Self.event("errors", data: lines.joined(separator: "\n"))
    current = message
    send(message)
  }

  private func send(_ message: String) {
    for client in clients.values { client.yield(message) }
  }

  /// One SSE event; every data line gets its own `data:` prefix.
  static func event(_ name: String, data: String) -> String {
    let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
    return "event: \(name)\n" + lines.joined(separator: "\n") + "\n\n"
  }

  /// Ends every stream, so the server can shut down.
  func closeAll() {
    for client in clients.values { client.finish() }
    clients.removeAll()
  }
}
