import Foundation
import GalleryCore

/// A counting semaphore for async code: at most `limit` holders at once, the
/// rest wait in arrival order. A waiting task that is cancelled stops waiting
/// and throws, so a cancelled fetch never holds up the queue behind it.
package final class RequestGate: Sendable {
  private struct State {
    var free: Int
    var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    /// Waiters cancelled before they had queued: they must not queue.
    var cancelled: Set<UInt64> = []
    var nextID: UInt64 = 0
  }

  package let limit: Int
  private let state: Locked<State>

  init(limit: Int) {
    self.limit = max(1, limit)
    self.state = Locked(State(free: max(1, limit)))
  }

  /// Holders now; for tests and progress lines.
  var holders: Int { limit - state.current.free }
  /// Tasks waiting for a place.
  package var waiting: Int { state.current.waiters.count }

  /// Runs `body` holding one place; waits for a place first.
  func withPlace<T>(_ body: () async throws(NetworkError) -> T) async throws(NetworkError) -> T {
    do { try await enter() } catch { throw .cancelled }
    defer { leave() }
    return try await body()
  }

  /// Takes a place, waiting for one if all are held. Throws
  /// `CancellationError` if the task is cancelled while it waits.
  func enter() async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let now: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if state.free > 0 {
            state.free -= 1
            return .success(())
          }
          state.waiters.append((id, continuation))
          return nil
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return CheckedContinuation<Void, any Error>?.none
        }
        return state.waiters.remove(at: index).continuation
      }
      waiter?.resume(throwing: CancellationError())
    }
    // A place was granted before the cancellation was seen: nothing to clean up
    // but the mark, which only a waiter that never queued would consume.
    state.withLock { _ = $0.cancelled.remove(id) }
  }

  /// Gives a place back, to the longest waiter if there is one.
  func leave() {
    let next = state.withLock { state in
      if state.waiters.isEmpty {
        state.free = min(limit, state.free + 1)
        return CheckedContinuation<Void, any Error>?.none
      }
      return state.waiters.removeFirst().continuation
    }
    next?.resume()
  }
}
