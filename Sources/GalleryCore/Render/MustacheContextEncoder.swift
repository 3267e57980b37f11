/// Turns a view model into the context a Mustache template renders: nested
/// dictionaries and arrays, made once per page. Names are looked up on every
/// tag and every level of the context stack (`MustacheRenderer`), and a
/// dictionary lookup (a hash) is much cheaper than `Mirror`. The conversion goes through the
/// compiler-made `Encodable` conformances rather than `Mirror`, which was a
/// fifth of rendering 10,000 pages. A nil optional leaves its key out, which
/// Mustache treats exactly as nil.
package enum MustacheContextEncoder {
  /// `value` as `[String: Any]`, `[Any]`, or a string, number or flag.
  /// `colours`: placeholder colours by photo content hash (`Placeholder`).
  /// `memo`: shared parts already encoded for other pages of the same render.
  package static func encode(
    _ value: some Encodable, colours: [String: String] = [:], memo: ContextMemo? = nil
  ) -> Any {
    let encoder = DictionaryEncoder(colours: colours, memo: memo)
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

  /// Containers opened with `nestedContainer` stay reference objects until the
  /// end; synthesized conformances never open one, so this is usually a no-op.
  static func resolve(_ value: Any) -> Any {
    switch value {
    case let keyed as KeyedValues: return keyed.nested ? keyed.values.mapValues(resolve) : keyed.values
    case let unkeyed as UnkeyedValues: return unkeyed.nested ? unkeyed.values.map(resolve) : unkeyed.values
    case let slot as Slot: return slot.resolved
    default: return value
    }
  }
}

/// What a keyed container holds so far.
private final class KeyedValues {
  var values: [String: Any] = [:]
  /// Holds a container or encoder still to be resolved.
  var nested = false
}

/// What an unkeyed container holds so far.
private final class UnkeyedValues {
  var values: [Any] = []
  var nested = false
}

/// The `Encoder` behind `MustacheContextEncoder`: keeps every value as it is,
/// in dictionaries and arrays, and leaves the finished value in `result`.
private struct DictionaryEncoder: Encoder, PlaceholderColours {
  var codingPath: [any CodingKey] = []
  let colours: [String: String]
  let memo: ContextMemo?
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  let result = Slot()

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let storage = KeyedValues()
    result.value = storage
    return KeyedEncodingContainer(
      KeyedValuesContainer<Key>(storage: storage, codingPath: codingPath, colours: colours, memo: memo))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let storage = UnkeyedValues()
    result.value = storage
    return UnkeyedValuesContainer(storage: storage, codingPath: codingPath, colours: colours, memo: memo)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SlotContainer(slot: result, codingPath: codingPath, colours: colours, memo: memo)
  }

  /// Strings, numbers and flags as they are; anything else encoded on its own.
  static func value(_ value: some Encodable, colours: [String: String], memo: ContextMemo?) -> Any {
    switch value {
    case let text as String: return text
    case let flag as Bool: return flag
    case let number as Int: return number
    case let number as Double: return number
    case let nav as [PageContext.NavItem]:
      guard let memo else { return MustacheContextEncoder.encode(nav, colours: colours) }
      return memo.menu(nav) { MustacheContextEncoder.encode(nav, colours: colours) }
    default: return MustacheContextEncoder.encode(value, colours: colours, memo: memo)
    }
  }
}

private struct KeyedValuesContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: KeyedValues
  var codingPath: [any CodingKey]
  let colours: [String: String]
  let memo: ContextMemo?

  mutating func encodeNil(forKey key: Key) throws {}
  mutating func encode(_ value: String, forKey key: Key) throws { storage.values[key.stringValue] = value }
  mutating func encode(_ value: Bool, forKey key: Key) throws { storage.values[key.stringValue] = value }
  mutating func encode(_ value: Int, forKey key: Key) throws { storage.values[key.stringValue] = value }
  mutating func encode(_ value: Double, forKey key: Key) throws { storage.values[key.stringValue] = value }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    storage.values[key.stringValue] = DictionaryEncoder.value(value, colours: colours, memo: memo)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = KeyedValues()
    storage.nested = true
    storage.values[key.stringValue] = nested
    return KeyedEncodingContainer(
      KeyedValuesContainer<NestedKey>(storage: nested, codingPath: codingPath + [key], colours: colours, memo: memo))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = UnkeyedValues()
    storage.nested = true
    storage.values[key.stringValue] = nested
    return UnkeyedValuesContainer(storage: nested, codingPath: codingPath + [key], colours: colours, memo: memo)
  }

  mutating func superEncoder() -> any Encoder { superEncoder(key: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key.stringValue) }

  private func superEncoder(key: String) -> any Encoder {
    let encoder = DictionaryEncoder(codingPath: codingPath, colours: colours, memo: memo)
    storage.nested = true
    storage.values[key] = encoder.result
    return encoder
  }
}

private struct UnkeyedValuesContainer: UnkeyedEncodingContainer {
  let storage: UnkeyedValues
  var codingPath: [any CodingKey]
  let colours: [String: String]
  let memo: ContextMemo?
  var count: Int { storage.values.count }

  mutating func encodeNil() throws { storage.values.append(Optional<Any>.none as Any) }
  mutating func encode(_ value: String) throws { storage.values.append(value) }
  mutating func encode(_ value: Bool) throws { storage.values.append(value) }
  mutating func encode(_ value: Int) throws { storage.values.append(value) }
  mutating func encode(_ value: Double) throws { storage.values.append(value) }
  mutating func encode(_ value: some Encodable) throws {
    storage.values.append(DictionaryEncoder.value(value, colours: colours, memo: memo))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = KeyedValues()
    storage.nested = true
    storage.values.append(nested)
    return KeyedEncodingContainer(
      KeyedValuesContainer<NestedKey>(storage: nested, codingPath: codingPath, colours: colours, memo: memo))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = UnkeyedValues()
    storage.nested = true
    storage.values.append(nested)
    return UnkeyedValuesContainer(storage: nested, codingPath: codingPath, colours: colours, memo: memo)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = DictionaryEncoder(codingPath: codingPath, colours: colours, memo: memo)
    storage.nested = true
    storage.values.append(encoder.result)
    return encoder
  }
}

private struct SlotContainer: SingleValueEncodingContainer {
  let slot: Slot
  var codingPath: [any CodingKey]
  let colours: [String: String]
  let memo: ContextMemo?

  mutating func encodeNil() throws { slot.value = Optional<Any>.none as Any }
  mutating func encode(_ value: String) throws { slot.value = value }
  mutating func encode(_ value: Bool) throws { slot.value = value }
  mutating func encode(_ value: Int) throws { slot.value = value }
  mutating func encode(_ value: Double) throws { slot.value = value }
  mutating func encode(_ value: some Encodable) throws {
    slot.value = DictionaryEncoder.value(value, colours: colours, memo: memo)
  }
}
