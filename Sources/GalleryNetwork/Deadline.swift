import GalleryCore

/// A limit on the whole of one exchange. AsyncHTTPClient's own deadline ends
/// at the response's head, and its read timeout only measures silence, so a
/// body sent one byte at a time would hold a caller for ever; racing the
/// exchange against a timer bounds it however its bytes arrive.
enum Deadline {
  /// `body`'s result, or `.timedOut(.total, after: limit)` once `limit` has
  /// passed; `body` is then cancelled, which closes its connection.
  static func run<T: Sendable>(
    _ limit: Duration, _ body: @escaping @Sendable () async throws(NetworkError) -> T
  ) async throws(NetworkError) -> T {
    let outcome = await withTaskGroup(of: Result<T, NetworkError>?.self, returning: Result<T, NetworkError>?.self) {
      group in
      group.addTask {
        do throws(NetworkError) { return .success(try await body()) } catch { return .failure(error) }
      }
      group.addTask {
        // Cancelled: the exchange ended first, and its result is the answer.
        do { try await Task.sleep(for: limit) } catch { return nil }
        return .failure(.timedOut(.total, after: limit))
      }
      defer { group.cancelAll() }
      while let next = await group.next() {
        if let next { return next }
      }
      return nil
    }
    guard let outcome else { throw .cancelled }
    return try outcome.get()
  }
}
