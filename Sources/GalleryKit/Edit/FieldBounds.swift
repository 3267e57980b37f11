/// The `min`, `max` and `step` of one form control, as the text an HTML
/// `<input>` takes, so a form offers exactly what `CatValidator` accepts.
struct FieldBounds: Sendable, Hashable {
  var min: String
  var max: String
  /// nil where the control has no step (dates: one day, the input's default).
  var step: String?
}
