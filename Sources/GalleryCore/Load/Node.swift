import Foundation

/// A parsed JSON or property-list value that remembers where it came from, so
/// later stages can point at the exact line of a bad value.
package indirect enum NodeValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  case double(Double)
  case string(String)
  case date(Date)
  case data(Data)
  case array([Node])
  /// Keys in file order; duplicates keep the last value, as JSON parsers do.
  case dictionary([(key: String, value: Node)])

  package static func == (a: NodeValue, b: NodeValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.integer(let x), .integer(let y)): x == y
    case (.double(let x), .double(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.date(let x), .date(let y)): x == y
    case (.data(let x), .data(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.dictionary(let x), .dictionary(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }
}

/// A value plus its location in the source file.
package struct Node: Sendable, Equatable {
  package var value: NodeValue
  package var location: SourceLocation

  package init(_ value: NodeValue, at location: SourceLocation) {
    self.value = value
    self.location = location
  }

  /// The value for `key` when this node is a dictionary.
  package subscript(key: String) -> Node? {
    guard case .dictionary(let pairs) = value else { return nil }
    return pairs.last { $0.key == key }?.value
  }

  package var array: [Node]? {
    if case .array(let items) = value { return items }
    return nil
  }

  package var isDictionary: Bool {
    if case .dictionary = value { return true }
    return false
  }

  var isNull: Bool { value == .null }

  /// A short name of the value's type for messages ("a string", "an array").
  package var kindDescription: String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .integer: "an integer"
    case .double: "a number"
    case .string: "a string"
    case .date: "a date"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "an object"
    }
  }
}
