import Foundation

/// What the last build learnt about each photo, keyed by its path below
/// content/photos/. An entry is trusted only while the file's size and
/// modification time are unchanged; then the photo is neither read nor probed.
/// Its metadata is kept as exiv2 read it, raw, and interpreted again on every
/// load, so a change to the interpreter's rules applies to every photo at once;
/// a change to the tags it reads has them read again.
/// Freshness of derivatives never depends on it: they are named by the hash.
package struct PhotoIndex: Sendable, Codable, Equatable {
  package struct Entry: Sendable, Codable, Equatable {
    package var attributes: FileAttributes
    package var hash: String
    package var header: ImageHeader
    package var metadata: RawMetadata
    /// A video's probe (its header is the picture's size). Boxed: held in
    /// place it made every photo's entry some 250 bytes larger, and a large
    /// site is nearly all photos (issue 24).
    @Boxed package var probe: VideoProbe?
  }

  /// Version 2 headers name the format found in the content, where version 1
  /// (no version field) took whatever loader libvips used, ImageMagick's too.
  /// Version 3 words EXIF as `ExifDisplay` did ("f/2.8", where 2 kept "28/10").
  /// Version 4 headers count an animation's frames. Version 5 keeps every
  /// photo's metadata as exiv2 reads it. Version 6 holds videos' probes.
  package static let currentVersion = 6

  package var version: Int?
  package var entries: [String: Entry] = [:]
  /// The keys of the tags the entries' metadata was read for.
  package var metadataTags: [String] = []
  /// Source hash → why those bytes cannot be decoded, as the cache recorded
  /// it (`RenderedPhoto.failure`; filled by `DerivativeCache.loadIndex`): a
  /// previewed folder leaves such a photo out. Neither saved with the index
  /// nor compared, as the cache keeps it.
  package var undecodable: [String: String] = [:]

  private enum CodingKeys: String, CodingKey {
    case version, entries, metadataTags
  }

  /// Whether the entries hold the tags the interpreter reads now.
  var holdsTagsRead: Bool { metadataTags == MetadataInterpreter.tags.map(\.key) }

  package init() {}

  package static func == (a: PhotoIndex, b: PhotoIndex) -> Bool {
    a.version == b.version && a.entries == b.entries && a.metadataTags == b.metadataTags
  }

  /// The index for exactly these photos (entries of deleted photos are dropped).
  package static func from(_ photos: [PhotoFile]) -> PhotoIndex {
    var index = PhotoIndex()
    index.version = currentVersion
    index.metadataTags = MetadataInterpreter.tags.map(\.key)
    for photo in photos {
      guard let header = photo.header, let attributes = photo.attributes, let raw = photo.rawMetadata else { continue }
      index.entries[photo.relativePath] = Entry(
        attributes: attributes, hash: photo.hash, header: header, metadata: raw, probe: photo.probe)
    }
    return index
  }
}
