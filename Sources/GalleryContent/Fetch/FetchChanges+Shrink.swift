import Foundation
import GalleryCore

extension FetchChanges {
  /// A fetched document with fewer than half the records of the file it
  /// replaces is written (the source is the truth), with a warning naming
  /// both numbers: a source that answered only part of a collection looks
  /// just like this.
  static let shrinkShare = 0.5

  /// The warning for replacing `old` by `new` at `file` (`content/cats.json`),
  /// if the number of records falls by more than `shrinkShare`. Records are
  /// the top array, or the `data` array (facts); other files are not counted.
  static func shrinkWarning(_ file: String, old: Data, new: Data) -> Diagnostic? {
    guard let before = records(in: old, file: file), let after = records(in: new, file: file),
      Double(after) < Double(before) * (1 - shrinkShare)
    else { return nil }
    let name = (file as NSString).lastPathComponent
    let noun = (name as NSString).deletingPathExtension
    return .warning(
      "\(name) goes from \(before) to \(after) \(noun): more than half of them are gone since the last fetch; "
        + "if that is not what the source holds, it answered only part of it",
      at: SourceLocation(file: file))
  }

  private static func records(in data: Data, file: String) -> Int? {
    guard FetchJournal.documents.contains(file),
      let node = try? JSONReader.parse(data, file: file)
    else { return nil }
    return (node.array ?? node["data"]?.array)?.count
  }
}
