/// One refused value: which field, and a message that names the field and
/// says what it allows, for the command line to print and a form to show next
/// to the field.
package struct FieldProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The form control's name: a `CatField.rawValue`, or `caption`.
  package var field: String
  package var message: String

  init(field: String, message: String) {
    self.field = field
    self.message = message
  }

  init(field: CatField, message: String) {
    self.init(field: field.rawValue, message: message)
  }

  package var description: String { message }
}
