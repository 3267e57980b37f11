/// Turns a view model into nested dictionaries and arrays once per page.
/// swift-mustache looks names up with `Mirror` on every tag and every level of
/// the context stack, which made reflection 40% of a build; a dictionary lookup
/// is a hash. Missing keys stand for nil, exactly as an unwrapped Optional does.
enum ContextBox {
  static func box(_ value: Any) -> Any {
    switch value {
    case let text as String: return text
    case let flag as Bool: return flag
    case let number as Int: return number
    case let number as Double: return number
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { box($0.value) } as Any
    case .collection, .set:
      return mirror.children.map { box($0.value) }
    case .struct, .class:
      var fields: [String: Any] = [:]
      for child in mirror.children {
        guard let label = child.label else { continue }
        let childMirror = Mirror(reflecting: child.value)
        if childMirror.displayStyle == .optional {
          guard let wrapped = childMirror.children.first else { continue }
          fields[label] = box(wrapped.value)
        } else {
          fields[label] = box(child.value)
        }
      }
      return fields
    default:
      return value
    }
  }
}
