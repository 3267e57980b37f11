import GalleryCore

/// The breeds a cat may have, from `breeds.json`: a cat stores a breed's id,
/// and a person may give the id or the name. Also the options of a form's
/// breed `<select>`.
package struct BreedCatalog: Sendable {
  package struct Choice: Sendable, Hashable {
    package var id: String
    package var name: String
  }

  /// Every breed, sorted by name (the order a `<select>` lists them in).
  package let choices: [Choice]

  package init(_ choices: [Choice]) {
    self.choices = choices.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
  }

  package init(breeds: [Breed]) {
    self.init(breeds.map { Choice(id: $0.id, name: $0.name) })
  }

  /// The id of the breed `text` names: an id (`mcoo`) or a name
  /// (`maine coon`), compared without regard to case or extra spaces. Nil when
  /// no breed matches.
  package func id(for text: String) -> String? {
    let key = Text.tidy(text).lowercased()
    let byID = choices.first { $0.id.lowercased() == key }
    return (byID ?? choices.first { Text.tidy($0.name).lowercased() == key })?.id
  }

  /// The breeds whose names or ids are nearest to `text`, best first, as
  /// `Maine Coon (mcoo)`: the suggestion for a breed that does not exist.
  func closest(to text: String, count: Int = 3) -> [String] {
    let ranked = ClosestNames.rank(Text.tidy(text), among: choices, count: count) { [$0.name, $0.id] }
    return ranked.map { "\($0.name) (\($0.id))" }
  }
}
