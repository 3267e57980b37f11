/// Turns a view model into nested dictionaries and arrays once per page.
/// swift-mustache looks names up with `Mirror` on every tag and every level of
/// the context stack, so a dictionary lookup (a hash) is much cheaper. The
/// conversion goes through the compiler-made `Encodable` conformances rather
/// than `Mirror`, which was a fifth of rendering 10,000 pages. A nil optional
/// leaves its key out, which Mustache treats exactly as nil.
enum ContextBox {
  /// `colours`: placeholder colours by photo content hash (`Placeholder`).
  static func box(_ value: some Encodable, colours: [String: String] = [:]) -> Any {
    let encoder = BoxEncoder(colours: colours)
    do {
      try value.encode(to: encoder)
    } catch {
      // Nothing here throws: every value is stored as it is.
      return [String: Any]()
    }
    return encoder.result.resolved
  }
}

/// A value being built: a finished value, or a container still filling.
private final class Slot {
  var value: Any = [String: Any]()
  var resolved: Any { Slot.resolve(value) }

  /// Containers opened with `nestedContainer` stay reference boxes until the
  /// end; synthesized conformances never open one, so this is usually a no-op.
  static func resolve(_ value: Any) -> Any {
    switch value {
    case let keyed as KeyedBox: return keyed.nested ? keyed.values.mapValues(resolve) : keyed.values
    case let unkeyed as UnkeyedBox: return unkeyed.nested ? unkeyed.values.map(resolve) : unkeyed.values
    case let slot as Slot: return slot.resolved
    default: return value
    }
  }
}

private final class KeyedBox {
  var values: [String: Any] = [:]
  /// Holds a container or encoder still to be resolved.
  var nested = false
}

private final class UnkeyedBox {
  var values: [Any] = []
  var nested = false
}

private struct BoxEncoder: Encoder, PlaceholderColours {
  var codingPath: [any CodingKey] = []
  let colours: [String: String]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  let result = Slot()

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box = KeyedBox()
    result.value = box
    return KeyedEncodingContainer(KeyedBoxContainer<Key>(box: box, codingPath: codingPath, colours: colours))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box = UnkeyedBox()
    result.value = box
    return UnkeyedBoxContainer(box: box, codingPath: codingPath, colours: colours)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleBoxContainer(slot: result, codingPath: codingPath, colours: colours)
  }

  /// Strings, numbers and flags as they are; anything else boxed on its own.
  static func value(_ value: some Encodable, colours: [String: String]) -> Any {
    switch value {
    case let text as String: return text
    case let flag as Bool: return flag
    case let number as Int: return number
    case let number as Double: return number
    default: return ContextBox.box(value, colours: colours)
    }
  }
}

private struct KeyedBoxContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: KeyedBox
  var codingPath: [any CodingKey]
  let colours: [String: String]

  mutating func encodeNil(forKey key: Key) throws {}
  mutating func encode(_ value: String, forKey key: Key) throws { box.values[key.stringValue] = value }
  mutating func encode(_ value: Bool, forKey key: Key) throws { box.values[key.stringValue] = value }
  mutating func encode(_ value: Int, forKey key: Key) throws { box.values[key.stringValue] = value }
  mutating func encode(_ value: Double, forKey key: Key) throws { box.values[key.stringValue] = value }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    box.values[key.stringValue] = BoxEncoder.value(value, colours: colours)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = KeyedBox()
    box.nested = true
    box.values[key.stringValue] = nested
    return KeyedEncodingContainer(
      KeyedBoxContainer<NestedKey>(box: nested, codingPath: codingPath + [key], colours: colours))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = UnkeyedBox()
    box.nested = true
    box.values[key.stringValue] = nested
    return UnkeyedBoxContainer(box: nested, codingPath: codingPath + [key], colours: colours)
  }

  mutating func superEncoder() -> any Encoder { superEncoder(key: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key.stringValue) }

  private func superEncoder(key: String) -> any Encoder {
    let encoder = BoxEncoder(codingPath: codingPath, colours: colours)
    box.nested = true
    box.values[key] = encoder.result
    return encoder
  }
}

private struct UnkeyedBoxContainer: UnkeyedEncodingContainer {
  let box: UnkeyedBox
  var codingPath: [any CodingKey]
  let colours: [String: String]
  var count: Int { box.values.count }

  mutating func encodeNil() throws { box.values.append(Optional<Any>.none as Any) }
  mutating func encode(_ value: String) throws { box.values.append(value) }
  mutating func encode(_ value: Bool) throws { box.values.append(value) }
  mutating func encode(_ value: Int) throws { box.values.append(value) }
  mutating func encode(_ value: Double) throws { box.values.append(value) }
  mutating func encode(_ value: some Encodable) throws { box.values.append(BoxEncoder.value(value, colours: colours)) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = KeyedBox()
    box.nested = true
    box.values.append(nested)
    return KeyedEncodingContainer(KeyedBoxContainer<NestedKey>(box: nested, codingPath: codingPath, colours: colours))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = UnkeyedBox()
    box.nested = true
    box.values.append(nested)
    return UnkeyedBoxContainer(box: nested, codingPath: codingPath, colours: colours)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = BoxEncoder(codingPath: codingPath, colours: colours)
    box.nested = true
    box.values.append(encoder.result)
    return encoder
  }
}

private struct SingleBoxContainer: SingleValueEncodingContainer {
  let slot: Slot
  var codingPath: [any CodingKey]
  let colours: [String: String]

  mutating func encodeNil() throws { slot.value = Optional<Any>.none as Any }
  mutating func encode(_ value: String) throws { slot.value = value }
  mutating func encode(_ value: Bool) throws { slot.value = value }
  mutating func encode(_ value: Int) throws { slot.value = value }
  mutating func encode(_ value: Double) throws { slot.value = value }
  mutating func encode(_ value: some Encodable) throws { slot.value = BoxEncoder.value(value, colours: colours) }
}
