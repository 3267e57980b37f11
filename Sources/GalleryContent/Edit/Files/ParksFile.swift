import Foundation
import GalleryCore

/// `parks.plist` as the caption command and form change it: one photo's
/// caption at a time, and nothing else. An XML plist stays XML with only the
/// caption's bytes changed; a binary one stays binary (written again whole,
/// as binary plists are, with the same tree but for the caption).
package struct ParksFile: Sendable {
  package enum Format: Sendable { case xml, binary }

  /// The path as the user knows it (`content/parks.plist`), for messages.
  package let file: String
  package let format: Format
  package private(set) var data: Data
  package private(set) var root: Node

  /// Reads `data`: `.unreadable` with the reader's diagnostics when it is not
  /// a property list; `.unsupported` for UTF-16 XML, which this editor does not write.
  package init(_ data: Data, file: String) throws(EditError) {
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) {
      throw .unsupported(file: file, reason: "it is UTF-16; only UTF-8 XML and binary property lists can be edited")
    }
    self.file = file
    format = data.starts(with: Array("bplist".utf8)) ? .binary : .xml
    self.data = data
    root = try Self.parse(data, file: file)
  }

  /// Every photo of every park that names an image, in file order.
  package var photos: [CaptionTarget] {
    (root.array ?? []).enumerated().flatMap { park, node -> [CaptionTarget] in
      guard case .string(let parkName)? = node["name"]?.value else { return [] }
      return (node["photos"]?.array ?? []).enumerated().compactMap { photo, entry in
        guard case .string(let imageName)? = entry["imageName"]?.value else { return nil }
        var caption: String? = nil
        if case .string(let text)? = entry["caption"]?.value { caption = text }
        return CaptionTarget(
          park: park, photo: photo, parkName: parkName, imageName: imageName, caption: caption,
          line: entry.location.line)
      }
    }
  }

  /// The one photo whose image name is `name`, compared without regard to
  /// case as image names are resolved; an unknown name suggests the closest,
  /// a name several photos share lists them all.
  package func photo(named name: String) throws(EditError) -> CaptionTarget {
    let photos = self.photos
    let matches = photos.filter { $0.imageName.lowercased() == name.lowercased() }
    guard let match = matches.first else {
      var seen: Set<String> = []
      let names = photos.map(\.imageName).filter { seen.insert($0.lowercased()).inserted }
      throw .photoNotFound(file: file, name: name, closest: ClosestNames.rank(name, among: names, count: 3) { [$0] })
    }
    guard matches.count == 1 else {
      throw .ambiguousPhoto(file: file, name: name, candidates: matches.map(\.description))
    }
    return match
  }

  /// Sets the caption of `target` (as `photos` or `photo(named:)` gave it) to
  /// `caption` once `CaptionRules` accepts it. The same caption changes nothing.
  package mutating func setCaption(_ caption: String, of target: CaptionTarget) throws(EditError) {
    let text = try CaptionRules.check(caption)
    guard let current = photos.first(where: { $0.park == target.park && $0.photo == target.photo }),
      current.imageName == target.imageName
    else { throw .photoNotFound(file: file, name: target.imageName, closest: []) }
    guard current.caption != text else { return }
    let edited: Data
    switch format {
    case .xml: edited = try Self.xml(data, settingCaption: text, of: target, file: file)
    case .binary: edited = try Self.binary(data, settingCaption: text, of: target, file: file)
    }
    root = try Self.parse(edited, file: file)
    data = edited
  }

  private static func parse(_ data: Data, file: String) throws(EditError) -> Node {
    do {
      return try PlistReader.parse(data, file: file)
    } catch {
      throw .unreadable(file: file, error.diagnostics)
    }
  }
}

extension ParksFile: EditableDocument {
  package static let defaultFile = "content/parks.plist"

  /// A missing file is an error: a caption belongs to a photo the file lists.
  package init(contents data: Data?, file: String) throws(EditError) {
    guard let data else { throw .io(file: file, reason: "No such file or directory") }
    try self.init(data, file: file)
  }
}
