import Foundation
import GalleryCore
import GalleryNetwork

/// How cat edits reach restdb when site.yml names it: the transport (the
/// real network unless a test gives a scripted one) and the environment the
/// API key is read from. A site without `sources.restdb` never uses either.
package struct EditNetwork: Sendable {
  /// nil: a new `AsyncHTTPTransport` for each edit, shut down after it.
  var transport: (any HTTPTransport)?
  package var environment: [String: String]
  /// Which variables and hosts a key may come from and go to.
  var keyPolicy = KeyPolicy()
  /// The turn an edit under `serve` holds (`EditService`'s queue): given up
  /// while restdb is asked, so a slow restdb holds no other edit. nil for
  /// the command line, where nothing else waits.
  package var turn: EditQueue?

  /// The real network, the process's environment, and the hosts the user
  /// allowed a key to go to besides the documented ones.
  package static func live(allowingKeyHosts hosts: [String]) -> EditNetwork {
    EditNetwork(
      transport: nil, environment: ProcessInfo.processInfo.environment, keyPolicy: KeyPolicy(allowing: hosts))
  }

  /// The key for `source`: nil when it names no variable; an error before
  /// any request when `keyPolicy` refuses it or the variable is unset or
  /// empty (restdb refuses every request without a key).
  package func key(for source: FetchSources.RestDB) throws(RestDBError) -> String? {
    switch keyPolicy.key(
      for: .restdb, variable: source.keyVariable, url: source.url, at: source.keyLocation, environment: environment)
    {
    case .none: return nil
    case .key(let key): return key
    case .refused(let refusal): throw .keyRefused(refusal)
    case .unset(let variable): throw .keyNotSet(variable: variable)
    }
  }

  /// Runs `body` with a writer for `source`, outside the `turn` if there is
  /// one; a transport made here is shut down after, whatever `body` does.
  func withWriter<T>(
    for source: FetchSources.RestDB, key: String?,
    _ body: (RestDBWriter) async throws(EditRefusal) -> T
  ) async throws(EditRefusal) -> T {
    guard let turn else { return try await writing(for: source, key: key, body) }
    return try await turn.outside { () async throws(EditRefusal) -> T in
      try await writing(for: source, key: key, body)
    }
  }

  private func writing<T>(
    for source: FetchSources.RestDB, key: String?,
    _ body: (RestDBWriter) async throws(EditRefusal) -> T
  ) async throws(EditRefusal) -> T {
    if let transport { return try await body(RestDBWriter(source: source, key: key, transport: transport)) }
    var configuration = AsyncHTTPTransport.Configuration()
    // A record is small; restdb's answer to one write has no reason to be large.
    configuration.maxBodyBytes = 4 * 1024 * 1024
    let made = AsyncHTTPTransport(configuration: configuration)
    let result: Result<T, EditRefusal>
    do { result = .success(try await body(RestDBWriter(source: source, key: key, transport: made))) } catch {
      result = .failure(error)
    }
    try? await made.shutdown()
    return try result.get()
  }
}
