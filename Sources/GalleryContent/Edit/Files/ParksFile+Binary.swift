import Foundation

/// A caption changed inside a binary property list: decoded, changed in the
/// tree and encoded again as binary. Binary plists share values and hold
/// offsets, so there are no bytes of one string to change in place; the
/// tree is what stays the same.
extension ParksFile {
  static func binary(_ data: Data, settingCaption caption: String, of target: CaptionTarget, file: String)
    throws(EditError) -> Data
  {
    let shapeless = EditError.unsupported(file: file, reason: "the photo \"\(target.imageName)\" could not be found")
    guard var parks = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [Any],
      parks.indices.contains(target.park), var park = parks[target.park] as? [String: Any],
      var photos = park["photos"] as? [Any], photos.indices.contains(target.photo),
      var photo = photos[target.photo] as? [String: Any]
    else { throw shapeless }
    photo["caption"] = caption
    photos[target.photo] = photo
    park["photos"] = photos
    parks[target.park] = park
    do {
      return try PropertyListSerialization.data(fromPropertyList: parks, format: .binary, options: 0)
    } catch {
      throw .unsupported(file: file, reason: "it could not be encoded again (\(error.localizedDescription))")
    }
  }
}
