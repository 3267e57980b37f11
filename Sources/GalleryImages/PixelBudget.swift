import Foundation

/// Bounds the decoded pixels held at once by parallel workers, so peak memory
/// depends on the largest photos, not on how many there are. One job may always
/// run, however large, or a single huge photo could never start.
final class PixelBudget: @unchecked Sendable {
  let limit: Int
  private var used = 0
  private let condition = NSCondition()

  init(limit: Int) { self.limit = limit }

  func acquire(_ cost: Int) {
    condition.lock()
    while used > 0 && used + cost > limit { condition.wait() }
    used += cost
    condition.unlock()
  }

  func release(_ cost: Int) {
    condition.lock()
    used -= cost
    condition.broadcast()
    condition.unlock()
  }
}
