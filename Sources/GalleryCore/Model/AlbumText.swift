/// What a folder's `index.md` says about its album, as sigal reads it: keys
/// `Title`, `Thumbnail` (the cover: a photo's file name in the folder, or a
/// path to one below it), `Sort` or `Order` (`MediaOrder`), `Hidden`
/// (true: the album keeps its page but its parent does not list it) and
/// `Zip` (`ArchiveChoice`: true, false, largest or originals), in either
/// header style (`MarkdownHeader`); the body is the album's Markdown
/// text. An unknown key is a warning at its line.
struct AlbumText {
  static let keys = ["title", "thumbnail", "sort", "order", "hidden", "zip"]

  var title: String?
  var thumbnail: String?
  var thumbnailLocation: SourceLocation?
  var order: MediaOrder?
  var hidden = false
  var zip = ArchiveChoice.site
  /// The body, when it holds anything.
  var note: Note?

  init() {}

  init(_ text: FolderText, diagnostics: inout DiagnosticCollector) {
    let header = MarkdownHeader.parse(text, diagnostics: &diagnostics)
    for field in FieldList(header.fields, keys: Self.keys, file: text.file, diagnostics: &diagnostics).fields {
      let value = field.value.trimmingCharacters(in: .whitespaces)
      switch field.key {
      case "title":
        let title = Text.tidy(diagnostics.limited(value, TextLimits.name, what: "title", at: field.location))
        if !title.isEmpty { self.title = title }
      case "thumbnail":
        thumbnail = value.isEmpty ? nil : value
        thumbnailLocation = field.location
      case "sort", "order":
        if let order = MediaOrder(value) {
          self.order = order
        } else {
          diagnostics.warning(
            "\(field.key) must be \(MediaOrder.spelling), found \"\(value)\"; name order is used",
            at: field.location)
        }
      case "zip":
        if let choice = ArchiveChoice(value) {
          zip = choice
        } else {
          diagnostics.warning(
            "zip must be true, false, largest or originals, found \"\(value)\"; site.yml's zip: holds",
            at: field.location)
        }
      default:  // hidden
        switch value.lowercased() {
        case "true", "yes", "1": hidden = true
        case "false", "no", "0", "": hidden = false
        default: diagnostics.warning("hidden must be true or false, found \"\(value)\"", at: field.location)
        }
      }
    }
    note = Self.note(header, file: text.file, diagnostics: &diagnostics)
  }

  /// The body as a note, nil when blank; over `TextLimits.noteBytes` it is an
  /// error and dropped, as a breed's notes are.
  static func note(_ header: MarkdownHeader, file: String, diagnostics: inout DiagnosticCollector) -> Note? {
    guard !header.body.allSatisfy(\.isWhitespace) else { return nil }
    let bytes = header.body.utf8.count
    guard bytes <= TextLimits.noteBytes else {
      diagnostics.error(
        "the text is \(bytes) bytes long; the limit is \(TextLimits.noteBytes)",
        at: SourceLocation(file: file, line: header.bodyLine))
      return nil
    }
    return Note(file: file, frontMatter: [:], markdown: header.body, firstLine: header.bodyLine)
  }
}

/// What a photo's text file (`IMG_1.jpg.md` or `IMG_1.md`) says: keys
/// `Title`, `Caption` and `Location`; without a `Caption` key the body, as
/// plain text, is the caption, and when it is more than one plain paragraph
/// (a list, a link, a line break) also rendered HTML for the photo's page.
/// An unknown key is a warning at its line.
struct ItemText {
  static let keys = ["title", "caption", "location"]

  var title: String?
  var caption: String?
  var location: String?
  /// Where the caption was written, for a message about its length.
  var captionLocation: SourceLocation?
  /// The body rendered in safe mode, headings below the page's h1; nil when
  /// the plain caption says it all or is over `TextLimits.caption`.
  var rich: RichCaption?

  init() {}

  init(_ text: FolderText, diagnostics: inout DiagnosticCollector) {
    let header = MarkdownHeader.parse(text, diagnostics: &diagnostics)
    for field in FieldList(header.fields, keys: Self.keys, file: text.file, diagnostics: &diagnostics).fields {
      let value = Text.tidy(field.value)
      guard !value.isEmpty else { continue }
      switch field.key {
      case "title": title = diagnostics.limited(value, TextLimits.name, what: "title", at: field.location)
      case "caption":
        caption = value
        captionLocation = field.location
      default: location = diagnostics.limited(value, TextLimits.field, what: "location", at: field.location)
      }
    }
    if caption == nil {
      let body = Markdown.plainText(header.body)
      if !body.isEmpty {
        caption = body
        captionLocation = SourceLocation(file: text.file, line: header.bodyLine)
        if body.count <= TextLimits.caption, !Markdown.isPlain(header.body) {
          let note = Note(file: text.file, frontMatter: [:], markdown: header.body, firstLine: header.bodyLine)
          rich = RichCaption(note, plain: body, diagnostics: &diagnostics)
        }
      }
    }
  }
}

/// A header's fields with unknown and repeated keys reported: an unknown key
/// is a warning naming the keys there are; a repeated key's first value
/// counts, as in sigal.
private struct FieldList {
  var fields: [MarkdownHeader.Field] = []

  init(_ all: [MarkdownHeader.Field], keys: [String], file: String, diagnostics: inout DiagnosticCollector) {
    var seen: [String: SourceLocation] = [:]
    for field in all {
      guard keys.contains(field.key) else {
        diagnostics.warning(
          "unknown key \"\(field.key)\" (\(file.hasSuffix("index.md") ? "index.md" : "a photo's text") "
            + "reads \(keys.joined(separator: ", "))); it was ignored", at: field.location)
        continue
      }
      if let first = seen[field.key] {
        diagnostics.warning(
          "\"\(field.key)\" is given again; the first, at line \(first.line ?? 0), counts", at: field.location)
        continue
      }
      seen[field.key] = field.location
      fields.append(field)
    }
  }
}

/// A photo's caption as its Markdown text renders it, for its own page: the
/// whole, under a title; else its first paragraph (`lead`) as the page's
/// heading and the rest (`rest`) below it.
package struct RichCaption: Sendable, Hashable {
  package var html: String
  package var lead: String
  package var rest: String

  init(_ note: Note, plain: String, diagnostics: inout DiagnosticCollector) {
    let whole = Markdown.html(note, nestedBelow: 1) ?? Markdown.Output(html: "", diagnostics: [])
    diagnostics.list += whole.diagnostics
    html = whole.html
    let first = Markdown.plainText(note.markdown, firstParagraph: true)
    if !first.isEmpty, let rest = Markdown.html(note, nestedBelow: 1, droppingLead: true) {
      lead = first
      self.rest = rest.html
    } else {
      lead = Text.short(plain)
      self.rest = whole.html
    }
  }
}
