import Foundation

/// Creates a new site folder with a small example of every input file.
public enum SiteInitializer {
  public enum Failure: Error, CustomStringConvertible {
    case notEmpty(String)
    case io(String)

    public var description: String {
      switch self {
      case .notEmpty(let folder): "\(folder) is not empty; choose a new or empty folder"
      case .io(let reason): reason
      }
    }
  }

  /// Writes the starter files into `folder`, which must be missing or empty.
  /// Returns the paths written, relative to the folder.
  @discardableResult
  public static func create(at folder: String) throws(Failure) -> [String] {
    let fileManager = FileManager.default
    if let entries = try? fileManager.contentsOfDirectory(atPath: folder), !entries.isEmpty {
      throw .notEmpty(folder)
    }
    var written: [String] = []
    do {
      for (path, text) in Starter.files.sorted(by: { $0.key < $1.key }) {
        try AtomicFile.write(Data(text.utf8), to: folder + "/" + path)
        written.append(path)
      }
      try AtomicFile.write(Starter.photo ?? Data(), to: folder + "/content/photos/kitten.jpg")
      written.append("content/photos/kitten.jpg")
      try AtomicFile.write(Data("*\n!.gitignore\n".utf8), to: folder + "/public/.gitignore")
      try AtomicFile.write(Data(".cache/\n".utf8), to: folder + "/.gitignore")
    } catch {
      throw .io("cannot create the site in \(folder): \(error.localizedDescription)")
    }
    return written
  }
}
