/// Why `SiteWriter` could not write the site: the disk refused, with the
/// OS's reason. The previous output is then untouched.
package enum WriteError: Error, CustomStringConvertible {
  case io(String)

  package var description: String {
    switch self {
    case .io(let reason): reason
    }
  }
}
