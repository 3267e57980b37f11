/// What a person typed for a cat, field by field, before any check: command
/// line flags or a posted form. A field that is absent was not given (an edit
/// leaves it as it is); an empty photo means "no photo".
package struct CatInput: Sendable, Hashable {
  package var values: [CatField: String]

  package init(_ values: [CatField: String] = [:]) { self.values = values }

  /// A posted form's fields, named by `CatField.rawValue`; other names are ignored.
  package init(form: [String: String]) {
    var values: [CatField: String] = [:]
    for (name, value) in form { if let field = CatField(rawValue: name) { values[field] = value } }
    self.init(values)
  }

  subscript(field: CatField) -> String? {
    get { values[field] }
    set { values[field] = newValue }
  }
}
