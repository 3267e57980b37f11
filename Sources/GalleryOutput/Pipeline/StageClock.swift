import Foundation

/// Adds up wall time per stage name, keeping first-seen order.
struct StageClock {
  private(set) var timings: [(stage: String, seconds: Double)] = []

  mutating func time<T>(_ stage: String, _ work: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try work()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if let index = timings.firstIndex(where: { $0.stage == stage }) {
      timings[index].seconds += seconds
    } else {
      timings.append((stage, seconds))
    }
    return value
  }
}
