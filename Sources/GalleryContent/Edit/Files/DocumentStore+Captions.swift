/// `content/parks.plist` behind `caption` and the server's caption form.
typealias CaptionStore = DocumentStore<ParksFile>

extension DocumentStore where Document == ParksFile {
  /// Sets the caption of the one photo named `name` (see `ParksFile.photo(named:)`).
  func setCaption(_ caption: String, ofPhotoNamed name: String, expecting hash: String? = nil) throws(EditError) {
    try update(expecting: hash) { (parks: inout ParksFile) throws(EditError) in
      try parks.setCaption(caption, of: try parks.photo(named: name))
    }
  }

  /// Sets the caption of `target`, a photo a page or an earlier read pointed at.
  func setCaption(_ caption: String, of target: CaptionTarget, expecting hash: String? = nil) throws(EditError) {
    try update(expecting: hash) { (parks: inout ParksFile) throws(EditError) in
      try parks.setCaption(caption, of: target)
    }
  }
}
