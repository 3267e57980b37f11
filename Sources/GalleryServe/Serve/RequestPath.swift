import Foundation
import GalleryCore

/// Maps a request's URL path to a file inside the served folder, refusing
/// anything that could reach outside it: `..` segments in any encoding,
/// backslashes, NUL bytes, and symlinks that resolve elsewhere. Pure apart from
/// the file-system edge it asks, so it is tested with a table.
enum RequestPath {
  enum Resolution: Equatable, Sendable {
    /// Serve this file (absolute path inside the root).
    case file(String)
    /// A folder asked for without its trailing slash: a path on this origin.
    case redirect(String)
    /// Nothing servable here: answer with the site's 404 page.
    case notFound
  }

  static func resolve(_ urlPath: String, root: String, in fileSystem: FileSystem) -> Resolution {
    let rawPath = String(urlPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    guard let decoded = rawPath.removingPercentEncoding, decoded.hasPrefix("/") else { return .notFound }
    if decoded.contains("\\") || decoded.contains("\0") { return .notFound }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
    if segments.contains(where: { $0 == ".." || $0 == "." }) { return .notFound }
    let relative = segments.joined(separator: "/")
    var candidate = relative.isEmpty ? root : Path.join(root, relative)
    let entry = fileSystem.entry(at: candidate)
    guard [.file, .folder].contains(entry.kind) else { return .notFound }
    if entry.kind == .folder {
      guard decoded.hasSuffix("/") else { return .redirect(sameOrigin(rawPath) + "/") }
      candidate += "/index.html"
      guard fileSystem.entry(at: candidate).kind == .file else { return .notFound }
    }
    // A symlink inside the folder may still point outside it.
    guard let real = fileSystem.entry(at: candidate).realPath, let realRoot = fileSystem.entry(at: root).realPath,
      real == realRoot || real.hasPrefix(realRoot + "/")
    else { return .notFound }
    return .file(real)
  }

  /// `rawPath` with its run of leading slashes made one: `//cats` would
  /// send a browser to the host `cats`.
  static func sameOrigin(_ rawPath: String) -> String {
    "/" + rawPath.drop { $0 == "/" }
  }
}
