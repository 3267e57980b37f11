/// Why `SiteInitializer` did not create a site.
public enum InitError: Error, CustomStringConvertible {
  case notEmpty(String)
  case protected(String, reason: String)
  case io(String)

  public var description: String {
    switch self {
    case .notEmpty(let folder): "\(folder) is not empty; choose a new or empty folder"
    case .protected(let folder, let reason): "refusing to create a site in \(folder): \(reason)"
    case .io(let reason): reason
    }
  }
}
