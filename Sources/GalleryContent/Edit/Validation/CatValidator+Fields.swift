import Foundation
import GalleryCore

/// The rule of each field: trimmed text in, the value a cat holds out, or
/// the problem naming the field and what it allows.
extension CatValidator {
  /// A name or owner: trimmed, 1 to 80 code points, no control characters,
  /// counting as such the invisible ones that reorder or hide text and line
  /// and paragraph separators (`HiddenCharacters`: a joiner between letters
  /// or in an emoji sequence is kept).
  package func text(_ raw: String, _ field: CatField) throws(FieldProblem) -> String {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if HiddenCharacters.first(in: text) != nil {
      throw refused(field, found: "a control character in \(quoted(text))")
    }
    let length = text.unicodeScalars.count
    guard CatRules.textLength.contains(length) else {
      throw refused(field, found: length == 0 ? "nothing" : "\(length) characters")
    }
    return text
  }

  /// A breed id or name, stored as the id.
  package func breed(_ raw: String) throws(FieldProblem) -> String {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw missing(.breed) }
    if let id = breeds.id(for: text) { return id }
    let closest = breeds.closest(to: text)
    throw refused(.breed, found: quoted(text), closest.isEmpty ? "" : "; closest: " + closest.joined(separator: ", "))
  }

  /// A calendar date from 1995-01-01 to today (UTC).
  package func born(_ raw: String) throws(FieldProblem) -> CalendarDate {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let date = CalendarDate(text), date >= CatRules.earliestBirth, date <= CalendarDate(now) else {
      throw refused(.born, found: quoted(text))
    }
    return date
  }

  /// Kilograms from 0.5 to 15.0 with at most one decimal place, spelled as typed.
  package func weight(_ raw: String) throws(FieldProblem) -> CatWeight {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let weight = CatWeight(text), CatRules.weightTenths.contains(weight.tenths) else {
      throw refused(.weight, found: quoted(text))
    }
    return weight
  }

  /// A whole number from 1 to 5.
  package func rating(_ raw: String) throws(FieldProblem) -> Int {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, text.count <= 3, text.allSatisfy({ ("0"..."9").contains($0) }), let rating = Int(text),
      CatRules.rating.contains(rating)
    else { throw refused(.rating, found: quoted(text)) }
    return rating
  }

  /// Nothing or the word `none` (no photo), an https URL, or a local file
  /// path; an `http://` or other URL is refused.
  package func photo(_ raw: String) throws(FieldProblem) -> CatPhoto {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty || text.lowercased() == "none" { return .none }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw refused(.photo, found: "a control character in \(quoted(text))")
    }
    guard text.contains("://") else { return .localFile(text) }
    guard Text.isSecureURL(text), text.unicodeScalars.count <= TextLimits.url else {
      let http = Text.isWebURL(text) ? " (browsers block http images on an https site)" : ""
      throw refused(.photo, found: quoted(text), http)
    }
    return .remote(text)
  }

  /// `"text"` for a message, cut at 60 characters, control characters escaped.
  func quoted(_ text: String) -> String {
    let shown = text.unicodeScalars.prefix(60).map {
      $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
    }
    return "\"" + shown.joined() + (text.unicodeScalars.count > 60 ? "…" : "") + "\""
  }
}
