import Foundation
import Mustache

extension MustacheRenderer {
  /// The value `name` stands for: its first key up the stack, the rest within
  /// what that found, then its transforms; nil when any step finds nothing.
  func lookup(_ name: MustacheName) -> Any? {
    guard var value = find(name) else { return nil }
    for transform in name.transforms.reversed() {
      guard let transformable = value as? MustacheTransformable, let result = transformable.transform(transform) else {
        return nil
      }
      value = result
    }
    return value
  }

  private func find(_ name: MustacheName) -> Any? {
    guard var value = stack.last else { return nil }
    var keys = name.keys[...]
    switch name.scope {
    case .current: return value
    case .top: break
    case .stack:
      guard let first = keys.popFirst() else { return value }
      guard let found = stack.reversed().lazy.compactMap({ Self.child(first, of: $0) }).first else { return nil }
      value = found
    }
    for key in keys {
      guard let child = Self.child(key, of: value) else { return nil }
      value = child
    }
    return value
  }

  /// A named value inside `object`: a dictionary's entry, or a stored property
  /// found by `Mirror` as swift-mustache does (context values are almost always dictionaries).
  static func child(_ name: String, of object: Any) -> Any? {
    switch object {
    case let values as [String: Any]: return values[name]
    case is String, is Bool, is Int, is Double, is [Any]: return nil
    case let parent as MustacheParent: return parent.child(named: name)
    default:
      guard let value = Mirror(reflecting: object).children.first(where: { $0.label == name })?.value else {
        return nil
      }
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .optional else { return value }
      return mirror.children.first?.value
    }
  }

  /// The elements of a list a section repeats for (swift-mustache's `MustacheSequence`), else nil.
  static func items(_ value: Any) -> [Any]? {
    switch value {
    case let items as [Any]: return items
    case is [String: Any], is String, is Int, is Double: return nil
    case let items as any MustacheSequence: return elements(items)
    default: return nil
    }
  }

  private static func elements(_ items: some Sequence) -> [Any] { items.map { $0 } }

  /// Appends `value` as swift-mustache prints it (`String(describing:)`),
  /// escaping the five characters HTML needs byte by byte.
  mutating func append(_ value: Any, escaped: Bool) {
    switch value {
    case let text as String: append(text, escaped: escaped)
    case let number as Int: append(String(number), escaped: false)
    case let flag as Bool: append(flag ? "true" : "false", escaped: false)
    default: append(String(describing: value), escaped: escaped)
    }
  }

  private mutating func append(_ text: String, escaped: Bool) {
    var text = text
    text.withUTF8 { source in
      guard escaped else { return bytes.append(contentsOf: source) }
      var run = 0
      for index in source.indices {
        let entity: StaticString
        switch source[index] {
        case UInt8(ascii: "&"): entity = "&amp;"
        case UInt8(ascii: "<"): entity = "&lt;"
        case UInt8(ascii: ">"): entity = "&gt;"
        case UInt8(ascii: "\""): entity = "&quot;"
        case UInt8(ascii: "'"): entity = "&#39;"
        default: continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[run..<index]))
        entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
        run = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[run...]))
    }
  }
}
