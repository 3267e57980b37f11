import CVipsShim
import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// The C shim itself, for what cannot be seen through `VipsCodec`.
@Suite("libvips shim")
struct VipsShimTests {
  @Test("resizes built and freed on several threads at once leave memory intact")
  func concurrentResizes() throws {
    // liborc 0.4.33 (Debian 12) corrupts the heap when two threads compile or
    // free the code of libvips resizes at once; the shim takes a lock around
    // both. A race shows only sometimes: without the lock, this loop crashed
    // the test process in 3 of 6 runs here.
    _ = try VipsCodec(fileSystem: LocalFileSystem())
    nonisolated(unsafe) let image = try #require(cgv_load(Fixtures.image("landscape.jpg"), 64, 48, 1, 1))
    defer { cgv_free(image) }
    let failures = Failures()
    let group = DispatchGroup()
    for worker in 0..<4 {
      group.enter()
      Thread {
        defer { group.leave() }
        for turn in 0..<2000 {
          let width = Int32(20 + (worker + turn) % 7 * 5)
          guard let lazy = cgv_resize(image, width, width * 2 / 3, 0), let copy = cgv_materialize(lazy) else {
            failures.add()
            continue
          }
          cgv_free(lazy)
          cgv_free(copy)
        }
      }.start()
    }
    group.wait()
    #expect(failures.value == 0)
  }
}

/// Failures counted across worker threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func add() { lock.withLock { count += 1 } }
}
