import Foundation
import GalleryCore
import GalleryNetwork

extension ContentFetch {
  /// `photos` without those whose host resolves to an address on this
  /// machine or a private network (`AddressPolicy`), each left out with a
  /// warning: an API answer names them, and the user never chose them. The
  /// tests' loopback stand-in is let through by `AddressPolicy.testOnlySwitch`
  /// alone. Each host is resolved once.
  func screen(_ photos: [RemotePhoto], environment: [String: String], report: inout FetchReport) -> [RemotePhoto] {
    guard !AddressPolicy.isOff(in: environment) else { return photos }
    var refusals: [String: String?] = [:]
    return photos.filter { photo in
      guard let host = photo.url.host?.lowercased() else { return true }
      if refusals[host] == nil { refusals[host] = .some(AddressPolicy.refusal(host: host)) }
      guard case .some(.some(let reason)) = refusals[host] else { return true }
      report.diagnostics.append(
        .warning(
          "photo \"\(NetworkRequest.redacted(photo.url))\" leads to \(reason); not downloaded "
            + "(fetch downloads only from public addresses)",
          at: SourceLocation(file: "content/photos/" + photo.folder)))
      return false
    }
  }
}
