import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore

@Suite("Edits one at a time")
struct EditQueueTests {
  /// What happened, in order, across the edits.
  final class Log: Sendable {
    let lines = Locked<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
  }

  @Test("an edit waiting outside its turn lets the next one run, and writes after it")
  func outside() async {
    let queue = EditQueue()
    let log = Log()
    let (released, release) = AsyncStream.makeStream(of: Void.self)
    let (waiting, wait) = AsyncStream.makeStream(of: Void.self)
    async let slow: Void = queue.run {
      log.add("slow reads")
      await queue.outside { () async throws(Never) in
        wait.yield()
        for await _ in released { break }
      }
      log.add("slow writes")
    }
    for await _ in waiting { break }
    await queue.run { log.add("quick edit") }
    release.yield()
    await slow
    #expect(log.lines.current == ["slow reads", "quick edit", "slow writes"])
  }

  @Test("without outside, the next edit waits for the whole of the first")
  func inOrder() async {
    let queue = EditQueue()
    let log = Log()
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let (released, release) = AsyncStream.makeStream(of: Void.self)
    async let first: Void = queue.run {
      log.add("first starts")
      start.yield()
      for await _ in released { break }
      log.add("first ends")
    }
    for await _ in started { break }
    async let second: Void = queue.run { log.add("second") }
    // The second edit is queued or about to be; either way it runs only after the first.
    try? await Task.sleep(for: .milliseconds(50))
    release.yield()
    await first
    await second
    #expect(log.lines.current == ["first starts", "first ends", "second"])
  }
}
