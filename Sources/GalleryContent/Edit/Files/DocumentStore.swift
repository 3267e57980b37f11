import Foundation
import GalleryCore

/// One of the user's files behind a command or a server's form: each change
/// reads the file, parses it, applies one edit and writes the result back
/// only if nobody changed the file meanwhile (`ConditionalWriter`).
/// `CatStore` and `CaptionStore` add the edits of their file.
struct DocumentStore<Document: EditableDocument>: Sendable {
  let writer: ConditionalWriter

  /// `path` is absolute; `file` is the path as the user knows it, for messages.
  init(fileSystem: any FileSystem, path: String, file: String = Document.defaultFile) {
    writer = ConditionalWriter(fileSystem: fileSystem, path: path, file: file)
  }

  /// The file as it is now, for a listing or to render a form, whose post
  /// may bring `snapshot.hash` back as `expecting`.
  func read() throws(EditError) -> (document: Document, snapshot: FileSnapshot) {
    let snapshot = try writer.read()
    return (try Document(contents: snapshot.data, file: writer.file), snapshot)
  }

  /// Reads the file, applies `change`, and writes the result if the file is
  /// still as read and, with `expecting`, as it was when that hash was taken.
  /// Returns what `change` returns.
  func update<Value>(expecting hash: String? = nil, _ change: (inout Document) throws(EditError) -> Value)
    throws(EditError) -> Value
  {
    try writer.update(expecting: hash) { (data: Data?) throws(EditError) -> (Data, Value) in
      var document = try Document(contents: data, file: writer.file)
      let value = try change(&document)
      return (document.data, value)
    }
  }
}
