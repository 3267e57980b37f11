import GalleryCore

/// Runs the forms' edits one at a time, in the order they arrive. Each edit
/// reads a file, checks it and writes it; two at once would both read the
/// same file, and one would be refused, or two new cats race for one photo
/// name. An actor alone would not do: it lets a second call in while the
/// first awaits restdb.
///
/// The turn is given up only while an edit waits on restdb (`outside`): a
/// slow or stalled restdb must not stop a caption edit. The edit takes a new
/// turn for its write, which is conditional on the file's bytes as it read
/// them, so two edits still never interleave their writes to one file.
package final class EditQueue: Sendable {
  package init() {}

  private let state = Locked<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  package func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await take()
    let result = await body()
    give()
    return result
  }

  /// Runs `body` without the turn the caller holds (inside `run`), and
  /// takes a turn again, behind those waiting, before returning.
  func outside<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
    give()
    let result: Result<T, E>
    do throws(E) { result = .success(try await body()) } catch { result = .failure(error) }
    await take()
    return try result.get()
  }

  private func take() async {
    await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        if !state.busy {
          state.busy = true
          return true
        }
        state.waiting.append(turn)
        return false
      }
      if now { turn.resume() }
    }
  }

  private func give() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.busy = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
