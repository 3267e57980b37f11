import Foundation
import GalleryCore

/// Creates a new site folder with a small example of every input file.
public enum SiteInitializer {
  /// Writes the starter files into `folder`, which must be missing or empty
  /// but for dotfiles (a fresh `git init` is fine; its `.gitignore` gains one
  /// line, never loses any). Never `/`, the home folder or a system folder.
  /// Returns the paths written, relative to the folder.
  @discardableResult
  public static func create(
    at folder: String, home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory(),
    fileSystem: FileSystem
  ) throws(InitError) -> [String] {
    let path = ProtectedFolders.normalise(folder)
    if let reason = ProtectedFolders.reason(for: path, home: home) { throw .protected(path, reason: reason) }
    if let entries = try? fileSystem.entries(of: folder),
      entries.contains(where: { !$0.hasPrefix(".") })
    {
      throw .notEmpty(folder)
    }
    var written: [String] = []
    do {
      for (path, text) in Starter.files.sorted(by: { $0.key < $1.key }) {
        try fileSystem.write(Data(text.utf8), to: Path.join(folder, path))
        written.append(path)
      }
      try fileSystem.write(Starter.photo ?? Data(), to: Path.join(folder, "content/photos/kitten.jpg"))
      written.append("content/photos/kitten.jpg")
      try fileSystem.write(Data("*\n!.gitignore\n".utf8), to: Path.join(folder, "public/.gitignore"))
      try ignoreCache(in: Path.join(folder, ".gitignore"), fileSystem)
    } catch {
      throw .io("cannot create the site in \(folder) (\(OSReason.describe(error)))")
    }
    return written
  }

  /// Adds `.cache/` to a `.gitignore`, keeping every line already there.
  private static func ignoreCache(in path: String, _ fileSystem: FileSystem) throws {
    // A .gitignore that is a link is left as it is: rewriting it would replace the link.
    if fileSystem.entry(at: path).isLink { return }
    let old = (try? fileSystem.contents(of: path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let lines = old.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    if lines.contains(".cache/") || lines.contains(".cache") { return }
    let separator = old.isEmpty || old.hasSuffix("\n") ? "" : "\n"
    try fileSystem.write(Data((old + separator + ".cache/\n").utf8), to: path)
  }
}
