import Foundation
import FuzzedKit
import GalleryServe

extension FuzzEntries {
  /// A posted form (`FormData.parse`), as multipart with the boundary the
  /// seeds use and as url-encoded: the bytes come from whoever reaches `serve`.
  static func form(_ data: Data) {
    _ = FormData.parse(data, contentType: "multipart/form-data; boundary=XyZ")
    _ = FormData.parse(data, contentType: "application/x-www-form-urlencoded")
  }
}
