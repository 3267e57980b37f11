/// Why `SiteWriter` could not write the site: the disk refused, with the
/// OS's reason. The previous output is then untouched.
enum WriteError: Error, CustomStringConvertible {
  case io(String)

  var description: String {
    switch self {
    case .io(let reason): reason
    }
  }
}
