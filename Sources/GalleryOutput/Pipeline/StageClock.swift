import Foundation

/// Adds up wall time per stage name, keeping first-seen order.
struct StageClock {
  private(set) var timings: [(stage: String, seconds: Double)] = []

  mutating func time<T>(_ stage: String, _ work: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try work()
    add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, to: stage)
    return value
  }

  /// The seconds counted so far to the stages named.
  func seconds(of stages: Set<String>) -> Double {
    timings.filter { stages.contains($0.stage) }.reduce(0) { $0 + $1.seconds }
  }

  /// Counts `seconds` to `stage`, as `time` does: a stage timed inside
  /// another (the search index, made as the pages stream) is moved out of it
  /// by adding its time to it and taking it from the other.
  mutating func add(_ seconds: Double, to stage: String) {
    if let index = timings.firstIndex(where: { $0.stage == stage }) {
      timings[index].seconds += seconds
    } else {
      timings.append((stage, seconds))
    }
  }
}
