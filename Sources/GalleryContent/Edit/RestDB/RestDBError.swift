import Foundation
import GalleryCore

/// Why restdb did not take a cat edit, as the lines to print. Every case
/// means cats.json was not touched; `request` is `POST https://…` with
/// secrets redacted, and no case ever holds the key.
package enum RestDBError: Error, Sendable, Hashable {
  /// The key's environment variable is unset or empty: nothing was sent.
  case keyNotSet(variable: String)
  /// `KeyPolicy` refused the key's variable or host: nothing was sent.
  case keyRefused(Diagnostic)
  /// restdb answered with an error status; `message` is its own words, if any.
  case refused(request: String, status: Int, message: String?, variable: String?)
  /// restdb answered a write with a redirect, which is not followed.
  case redirected(request: String, status: Int, location: String?)
  /// No complete answer; `maybeDone` when the request may have reached restdb.
  case network(request: String, NetworkError, maybeDone: Bool)
  /// A success status with an answer that cannot be used.
  case badAnswer(request: String, status: Int, reason: String)

  /// The error, then a note that the local file was left alone.
  package var diagnostics: [Diagnostic] {
    let first = if case .keyRefused(let refusal) = self { refusal } else { Diagnostic.error(message) }
    return [first, .note("\(ContentEditor.catsFile) was not changed")]
  }

  private var message: String {
    switch self {
    case .keyRefused(let refusal):
      return refusal.message
    case .keyNotSet(let variable):
      return
        "\(variable) is not set: restdb.io needs its API key (sources.restdb in content/site.yml); nothing was sent"
    case .refused(let request, let status, let message, let variable):
      var text = "restdb refused the change: \(request): \(NetworkResponse.describe(status: status))"
      if let message { text += ": \(message)" }
      if let variable, status == 401 || status == 403 { text += "; check the key in \(variable)" }
      return text
    case .redirected(let request, let status, let location):
      return "restdb answered \(request) with \(NetworkResponse.describe(status: status))"
        + (location.map { " to \($0)" } ?? "")
        + "; a change is not sent on to another address (check url in sources.restdb)"
    case .network(let request, let error, let maybeDone):
      guard maybeDone else { return "restdb could not be reached: \(request): \(error.reason)" }
      return "no complete answer from restdb: \(request): \(error.reason); restdb may have made the change "
        + "(catgallery fetch --only cats shows what it has)"
    case .badAnswer(let request, let status, let reason):
      return "restdb answered \(request) with \(NetworkResponse.describe(status: status)), but \(reason); "
        + "restdb may have made the change (catgallery fetch --only cats shows what it has)"
    }
  }

  /// The most a message from restdb may add to a line.
  static let maxMessageLength = 300

  /// restdb's own words in an error answer: `message` (with each field of a
  /// validation error's `list`), else `error`, else a short plain-text body;
  /// control characters dropped, cut to one short line, and `key` (should a
  /// server echo it) blanked out.
  package static func message(in body: Data, key: String?) -> String? {
    var parts: [String] = []
    if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
      if let text = object["message"] as? String {
        parts.append(text)
      } else if let text = object["error"] as? String {
        parts.append(text)
      }
      for entry in (object["list"] as? [[String: Any]] ?? []) {
        let field = entry["field"] as? String ?? "?"
        let said = (entry["message"] as? [String])?.joined(separator: ", ") ?? (entry["message"] as? String) ?? ""
        parts.append("\(field): \(said)")
      }
    } else if let text = String(data: body, encoding: .utf8), !text.contains("<"),
      let line = text.split(whereSeparator: \.isNewline).first
    {
      parts.append(String(line))
    }
    var text = parts.joined(separator: "; ")
    text = String(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
      .trimmingCharacters(in: .whitespaces)
    if let key, !key.isEmpty { text = text.replacingOccurrences(of: key, with: HTTPHeader.redacted) }
    if text.count > maxMessageLength { text = String(text.prefix(maxMessageLength)) + "…" }
    return text.isEmpty ? nil : text
  }
}
