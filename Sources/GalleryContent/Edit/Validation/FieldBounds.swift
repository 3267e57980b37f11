/// The `min`, `max` and `step` of one form control, as the text an HTML
/// `<input>` takes, so a form offers exactly what `CatValidator` accepts.
package struct FieldBounds: Sendable, Hashable {
  package var min: String
  package var max: String
  /// nil where the control has no step (dates: one day, the input's default).
  package var step: String?
}
