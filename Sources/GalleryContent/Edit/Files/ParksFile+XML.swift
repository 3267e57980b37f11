import Foundation

/// A caption changed inside an XML property list: only the bytes of that
/// `<string>`'s text change; a photo with no caption gets a `<key>caption</key>`
/// and its `<string>` after its last value, indented like its other keys.
extension ParksFile {
  static func xml(_ data: Data, settingCaption caption: String, of target: CaptionTarget, file: String)
    throws(EditError) -> Data
  {
    let bytes = Array(data)
    guard let layout = XMLPlistLayout(bytes) else {
      throw .unsupported(file: file, reason: "its DOCTYPE defines entities of its own")
    }
    guard let photo = element(of: target, in: layout, bytes: bytes), let content = photo.content else {
      throw .unsupported(file: file, reason: "the photo \"\(target.imageName)\" could not be found in its XML")
    }
    let text = Array(XMLText.escape(caption).utf8)
    var edited = bytes
    if let value = photo.value(for: "caption")?.element {
      if value.name == "string", let old = value.content {
        edited.replaceSubrange(old, with: text)
      } else {
        edited.replaceSubrange(value.range, with: Array("<string>".utf8) + text + Array("</string>".utf8))
      }
    } else {
      let (gap, keyGap) = spacing(of: photo, in: bytes)
      let insertion = photo.children.last?.range.upperBound ?? content.lowerBound
      let added = gap + Array("<key>caption</key>".utf8) + keyGap + Array("<string>".utf8) + text
      edited.insert(contentsOf: added + Array("</string>".utf8), at: insertion)
    }
    return Data(edited)
  }

  /// The `<dict>` of `target`'s photo, if it is where the parsed tree put it
  /// and names the same image: the check that the two readings agree.
  private static func element(of target: CaptionTarget, in layout: XMLPlistLayout, bytes: [UInt8])
    -> XMLPlistLayout.Element?
  {
    let parks = layout.root.children
    guard parks.indices.contains(target.park), let photos = parks[target.park].value(for: "photos")?.element,
      photos.children.indices.contains(target.photo)
    else { return nil }
    let photo = photos.children[target.photo]
    let name = photo.value(for: "imageName")?.element.content.map { XMLText.decode(bytes[$0]) }
    return photo.name == "dict" && name == target.imageName ? photo : nil
  }

  /// The bytes before a dictionary's last key (from the end of the value
  /// before it) and between that key and its value: how a key added after it
  /// is laid out. Nothing for a dictionary with no keys.
  private static func spacing(of dictionary: XMLPlistLayout.Element, in bytes: [UInt8]) -> ([UInt8], [UInt8]) {
    let keys = dictionary.keys
    guard let last = keys.last, let value = dictionary.children.last, let content = dictionary.content else {
      return ([], [])
    }
    let previousEnd = keys.count >= 2 ? dictionary.children[keys.count - 2].range.upperBound : content.lowerBound
    return (
      Array(bytes[previousEnd..<last.range.lowerBound]), Array(bytes[last.range.upperBound..<value.range.lowerBound])
    )
  }
}
