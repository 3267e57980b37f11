/// Runs the forms' edits one at a time, in the order they arrive. Each edit
/// reads a file, checks it and writes it; two at once would both read the
/// same file, and one would be refused, or two new cats race for one photo
/// name. An actor alone would not do: it lets a second call in while the
/// first awaits restdb.
final class EditQueue: Sendable {
  private let state = Locked<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
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
    let result = await body()
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.busy = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
    return result
  }
}
