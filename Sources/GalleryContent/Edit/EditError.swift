import GalleryCore

/// Why an edit of the user's files was refused. Every case means the file on
/// disk was left exactly as it was; `description` is the message the command
/// line prints and the server shows. `file` is the path as the user knows it
/// (`content/cats.json`).
package enum EditError: Error, Equatable, CustomStringConvertible {
  /// Values that break the rules of `CatRules`: one problem per refused field.
  case invalid([FieldProblem])
  /// The file changed on disk between the read and the write (another editor,
  /// a `fetch`): writing would lose that change.
  case changedOnDisk(file: String)
  /// The file cannot be parsed; the reader's diagnostics say where.
  case unreadable(file: String, [Diagnostic])
  /// The file's shape does not allow the edit (not an array of objects, a
  /// link, a UTF-16 property list, …).
  case unsupported(file: String, reason: String)
  /// No record has this `_id`.
  case recordNotFound(file: String, id: String)
  /// More than one record has this `_id`, so which one is meant is unclear.
  case duplicateID(file: String, id: String)
  /// No photo has this name; `closest` are the nearest names there are.
  case photoNotFound(file: String, name: String, closest: [String])
  /// Several photos have this name; `candidates` describes each.
  case ambiguousPhoto(file: String, name: String, candidates: [String])
  /// The disk refused, with the OS's reason.
  case io(file: String, reason: String)

  package var description: String {
    switch self {
    case .invalid(let problems): problems.map(\.description).joined(separator: "\n")
    case .changedOnDisk(let file):
      "\(file) changed on disk since it was read; nothing was written (run the edit again to apply it to the new file)"
    case .unreadable(_, let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
    case .unsupported(let file, let reason): "\(file): cannot edit: \(reason)"
    case .recordNotFound(let file, let id): "\(file) has no record with _id \"\(id)\""
    case .duplicateID(let file, let id): "\(file) has several records with _id \"\(id)\"; edit the file by hand"
    case .photoNotFound(let file, let name, let closest):
      "\(file) has no photo named \"\(name)\""
        + (closest.isEmpty ? "" : "; closest: \(closest.joined(separator: ", "))")
    case .ambiguousPhoto(let file, let name, let candidates):
      "\(file) has several photos named \"\(name)\": \(candidates.joined(separator: "; "))"
    case .io(let file, let reason): "\(file): cannot write: \(reason)"
    }
  }
}
