import GalleryCore

/// What a fetch came back with: the new content, or the server's word that
/// the copy named by the stored validators is still current.
package enum FetchResult: Sendable, Hashable {
  /// A 2xx response; its `validators` are the ones to store.
  case fetched(NetworkResponse)
  /// A 304: keep what is on disk.
  case notModified

  package var response: NetworkResponse? {
    if case .fetched(let response) = self { return response }
    return nil
  }
}
