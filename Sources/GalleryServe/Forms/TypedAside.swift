import Foundation

/// Where a refused post's values go when its form is shown again: back into
/// the controls after a refused value (422 and the like), or, after a
/// conflict, beside controls that hold the file as it is now. Beside only
/// the fields the person changed: a value still equal to what the form was
/// made with (posted back as `_was-<name>`) was not typed, and offering it
/// would undo the other change.
struct TypedAside: Sendable {
  /// The posted fields, nil when nothing was posted.
  let typed: [String: String]?
  /// The file changed since the form was made.
  let conflict: Bool

  /// What control `name` holds again: the posted value unless there was a
  /// conflict (nil: the file's value).
  func control(_ name: String) -> String? {
    conflict ? nil : typed?[name]
  }

  /// After a conflict, what was typed into `name`, trimmed, when the person
  /// changed it and it differs from the file's `current` value; else nil.
  func changed(_ name: String, from current: String?) -> String? {
    guard conflict, let value = typed?[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty,
      value != (current ?? ""),
      value != typed?[EditForm.was(name)]?.trimmingCharacters(in: .whitespacesAndNewlines)
    else { return nil }
    return value
  }
}
