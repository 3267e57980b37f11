/// A record's large, mostly absent or rarely changed field, kept behind one
/// shared reference: a copy of the record copies eight bytes, not the value.
/// Photos are copied into many arrays and dictionaries between Load and
/// Render (the folder tree, the resolver, albums, image jobs); with a clip,
/// a probe and metadata held in place each copy of a photo was a kilobyte or
/// more, and a build of 20,000 photos held hundreds of megabytes of them.
///
/// A value equal to `Value.empty` (nil, empty metadata) takes no memory at
/// all. The value behind the reference is never changed: setting the field
/// puts a new value behind a new reference, so copies stay independent.
@propertyWrapper
package struct Boxed<Value: Boxable & Sendable>: Sendable, Hashable {
  private final class Storage: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
  }

  private var storage: Storage?

  package init(wrappedValue: Value) {
    storage = wrappedValue == Value.empty ? nil : Storage(wrappedValue)
  }

  package var wrappedValue: Value {
    get { storage?.value ?? Value.empty }
    set { storage = newValue == Value.empty ? nil : Storage(newValue) }
  }

  package static func == (a: Boxed, b: Boxed) -> Bool {
    a.storage === b.storage || a.wrappedValue == b.wrappedValue
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

/// A value `Boxed` can hold: it says which value needs no memory.
package protocol Boxable: Hashable {
  /// The value a `Boxed` field holds without a reference (nil, empty).
  static var empty: Self { get }
}

extension Optional: Boxable where Wrapped: Hashable {
  package static var empty: Self { nil }
}
