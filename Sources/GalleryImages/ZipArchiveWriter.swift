import CZip
import GalleryCore

/// Zips with libzip, the one file that imports it.
///
/// Why libzip rather than a writer of our own: the format's corners (ZIP64
/// records once a member or the whole passes 4 GiB, the UTF-8 name flag,
/// CRC-32) are the field library's job, as image formats are libvips'. It is
/// maintained, packaged by Debian, and streams: each member is only named
/// here, and `zip_close` copies it from its file in small buffers, so memory
/// stays flat whatever the sizes. It also writes to a temporary file beside
/// `path` and renames it at the end, so `path` is whole or absent.
///
/// Members are stored, not deflated: JPEG, WebP and PNG are compressed
/// already, and deflating them saves about 1% for many times the time.
/// Every value that would vary between machines is fixed (time, permissions),
/// so the same members give the same bytes.
package struct ZipArchiveWriter: ArchiveWriter {
  package init() {}

  package func write(_ entries: [ArchiveEntry], to path: String) throws(ArchiveError) {
    // libzip writes no file for an archive with no members.
    guard !entries.isEmpty else { throw ArchiveError("a zip needs at least one file") }
    var code: Int32 = 0
    guard let archive = zip_open(path, ZIP_CREATE | ZIP_EXCL, &code) else {
      throw ArchiveError(Self.message(code: code))
    }
    // zip_close frees the archive when it succeeds; otherwise it is discarded,
    // and with it the temporary file.
    var closed = false
    defer { if !closed { zip_discard(archive) } }
    for entry in entries {
      guard let source = zip_source_file(archive, entry.path, 0, 0) else {
        throw ArchiveError("\(entry.path): \(String(cString: zip_strerror(archive)))")
      }
      let added = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
      guard added >= 0 else {
        zip_source_free(source)
        throw ArchiveError("\(entry.name): \(String(cString: zip_strerror(archive)))")
      }
      let index = zip_uint64_t(added)
      guard zip_set_file_compression(archive, index, ZIP_CM_STORE, 0) == 0,
        zip_file_set_dostime(archive, index, entry.time.time, entry.time.date, 0) == 0,
        // A regular file, rw-r--r--, whatever the source's mode.
        zip_file_set_external_attributes(archive, index, 0, zip_uint8_t(ZIP_OPSYS_UNIX), 0o100644 << 16) == 0
      else { throw ArchiveError("\(entry.name): \(String(cString: zip_strerror(archive)))") }
    }
    guard zip_close(archive) == 0 else { throw ArchiveError(String(cString: zip_strerror(archive))) }
    closed = true
  }

  /// libzip's words for an error code from `zip_open`.
  private static func message(code: Int32) -> String {
    var error = zip_error_t()
    zip_error_init_with_code(&error, code)
    defer { zip_error_fini(&error) }
    return String(cString: zip_error_strerror(&error))
  }
}
