import Foundation

/// One header of a request or a response. A secret header (an API key, a
/// cookie) keeps its value out of every description, debug description and
/// mirror, so no error message, log line or failed test can print it; only
/// `value` itself, read on purpose by the transport, carries it.
package struct HTTPHeader: Sendable, Hashable {
  package var name: String
  package var value: String
  /// Redacted wherever the header is described.
  var isSecret: Bool
  /// The environment variable a secret was read from, named when the server
  /// refuses it ("check CAT_API_KEY"), so the user knows which key to fix.
  package var variable: String?

  /// A header, secret when its name is one that usually carries credentials.
  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
    self.isSecret = Self.secretNames.contains(name.lowercased())
    self.variable = nil
  }

  /// A header whose value is redacted whatever its name; `variable` is where
  /// the value came from.
  package static func secret(_ name: String, _ value: String, from variable: String? = nil) -> HTTPHeader {
    var header = HTTPHeader(name, value)
    header.isSecret = true
    header.variable = variable
    return header
  }

  /// Names treated as secret even when the caller forgot to say so: The Cat
  /// API's `x-api-key`, restdb.io's `x-apikey`, and the standard credentials.
  static let secretNames: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-apikey",
  ]

  package static let redacted = "<redacted>"

  /// The value as it may be shown.
  var shownValue: String { isSecret ? Self.redacted : value }

  func hasName(_ other: String) -> Bool {
    name.caseInsensitiveCompare(other) == .orderedSame
  }
}

extension HTTPHeader: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  package var description: String { "\(name): \(shownValue)" }
  package var debugDescription: String { description }
  package var customMirror: Mirror {
    Mirror(self, children: ["name": name, "value": shownValue, "isSecret": isSecret], displayStyle: .struct)
  }
}

extension [HTTPHeader] {
  /// The first value of header `name`, compared without regard to case.
  package func value(of name: String) -> String? {
    first { $0.hasName(name) }?.value
  }

  /// Replaces every header called `header.name` with `header`.
  package mutating func set(_ header: HTTPHeader) {
    removeAll { $0.hasName(header.name) }
    append(header)
  }
}
