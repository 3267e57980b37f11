import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryNetwork

@Suite("Request gate: a bounded number of holders")
struct RequestGateTests {
  @Test("the places run out at the limit; the rest wait, and each leave lets the longest waiter in")
  func limit() async throws {
    let gate = RequestGate(limit: 2)
    try await gate.enter()
    try await gate.enter()
    let order = Locked<[Int]>([])
    var waiters: [Task<Void, any Error>] = []
    for number in 1...2 {
      waiters.append(
        Task {
          try await gate.enter()
          order.withLock { $0.append(number) }
        })
      try await Wait.until("waiter \(number) waits") { gate.waiting == number }
    }
    #expect(gate.holders == 2)
    gate.leave()
    try await Wait.until("one got in") { order.current.count == 1 }
    #expect(order.current == [1])
    #expect(gate.waiting == 1)
    gate.leave()
    for waiter in waiters { try await waiter.value }
    #expect(order.current == [1, 2])
    #expect(gate.holders == 2)
    gate.leave()
    gate.leave()
    #expect(gate.holders == 0)
  }

  @Test("a waiter that is cancelled stops waiting, throws, and takes no place")
  func cancelledWaiter() async throws {
    let gate = RequestGate(limit: 1)
    try await gate.enter()
    let waiter = Task { try await gate.enter() }
    try await Wait.until("it waits") { gate.waiting == 1 }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(gate.waiting == 0)
    gate.leave()
    #expect(gate.holders == 0)
  }

  @Test("withPlace gives the place back when the body throws")
  func releaseOnThrow() async throws {
    let gate = RequestGate(limit: 1)
    await #expect(throws: NetworkError.self) {
      try await gate.withPlace { () async throws(NetworkError) -> Int in throw .connectionRefused }
    }
    #expect(gate.holders == 0)
  }
}
