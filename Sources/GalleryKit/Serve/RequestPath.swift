import Foundation

/// Maps a request's URL path to a file inside the served folder, refusing
/// anything that could reach outside it: `..` segments in any encoding,
/// backslashes, NUL bytes, and symlinks that resolve elsewhere. Pure apart from
/// the injected file-system questions, so it is tested with a table.
public enum RequestPath {
  public enum Resolution: Equatable, Sendable {
    /// Serve this file (absolute path inside the root).
    case file(String)
    /// A folder asked for without its trailing slash.
    case redirect(String)
    /// Nothing servable here: answer with the site's 404 page.
    case notFound
  }

  public struct Probe: Sendable {
    /// Whether the path exists and is a directory.
    public var kind: @Sendable (String) -> (exists: Bool, isDirectory: Bool)
    /// The path with every symlink resolved.
    public var realPath: @Sendable (String) -> String?

    public static let local = Probe(
      kind: { path in
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return (exists, isDirectory.boolValue)
      },
      realPath: { path in
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
      })
  }

  public static func resolve(_ urlPath: String, root: String, probe: Probe = .local) -> Resolution {
    let rawPath = String(urlPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    guard let decoded = rawPath.removingPercentEncoding, decoded.hasPrefix("/") else { return .notFound }
    if decoded.contains("\\") || decoded.contains("\0") { return .notFound }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
    if segments.contains(where: { $0 == ".." || $0 == "." }) { return .notFound }
    let relative = segments.joined(separator: "/")
    var candidate = relative.isEmpty ? root : root + "/" + relative
    let kind = probe.kind(candidate)
    guard kind.exists else { return .notFound }
    if kind.isDirectory {
      guard decoded.hasSuffix("/") else { return .redirect(rawPath + "/") }
      candidate += "/index.html"
      guard probe.kind(candidate).exists else { return .notFound }
    }
    // A symlink inside the folder may still point outside it.
    guard let real = probe.realPath(candidate), let realRoot = probe.realPath(root),
      real == realRoot || real.hasPrefix(realRoot + "/")
    else { return .notFound }
    return .file(real)
  }
}
