import Foundation

/// File-system paths as the plain strings the pipeline passes around: joined,
/// resolved and compared in one place rather than with `+ "/" +` at each use.
package enum Path {
  /// `parts` joined with one `/` between each: empty parts are left out (a
  /// walk's top folder is ""), and a part ending in `/` (the root) gets no second.
  package static func join(_ parts: String...) -> String {
    var path = ""
    for part in parts where !part.isEmpty {
      if !path.isEmpty, !path.hasSuffix("/") { path += "/" }
      path += part
    }
    return path
  }

  /// `path` with every symbolic link, `.` and `..` resolved, by realpath(3);
  /// or why not: `.ELOOP` for a link loop, `.ENOENT` for a missing file or a
  /// link to nothing.
  package static func real(_ path: String) -> Result<String, POSIXError> {
    guard let resolved = realpath(PathBytes.system(path), nil) else {
      return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT))
    }
    defer { free(resolved) }
    return .success(
      PathBytes.string(UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) }))
  }

  /// Whether `path` is `folder` or lies below it, compared as strings: pass
  /// both resolved (`real`), or a link could lead anywhere.
  static func isWithin(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }
}
