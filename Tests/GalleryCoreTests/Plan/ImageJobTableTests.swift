import Foundation
import Testing

@testable import GalleryCore

/// Issue 24: the planner finds each photo's image job by its position in the
/// plan's own array, instead of a dictionary holding a second copy of every
/// job (hundreds of bytes a photo) from Plan to the end of Render.
@Suite("Memory: image jobs held once")
struct ImageJobTableTests {
  static func job(_ id: String) -> ImageJob {
    let photo = Photo(
      id: id, file: "content/photos/" + id, path: "/site/content/photos/" + id, hash: "0123456789abcdef",
      header: ImageHeader(storedWidth: 800, storedHeight: 600, orientation: 1, hasAlpha: false, format: "jpeg"),
      stem: id)
    return DerivativePlanner.job(for: photo, config: SiteConfig())
  }

  @Test("the responsive image maker holds the plan's array of jobs, not a copy of each")
  func sharedArray() {
    let jobs = ["a.jpg", "b.jpg", "c.jpg"].map(Self.job)
    let maker = ResponsiveImageMaker(jobs: jobs, config: SiteConfig())
    let planned = jobs.withUnsafeBufferPointer { $0.baseAddress }
    #expect(maker.jobs.all.withUnsafeBufferPointer { $0.baseAddress } == planned)
    #expect(maker.jobs[id: "b.jpg"]?.photo.id == "b.jpg")
    #expect(maker.jobs[id: "d.jpg"] == nil)
  }

  @Test("photos of one shape share one chain's steps in the plan, not a copy each")
  func sharedChain() throws {
    var site = Site(config: SiteConfig(), now: Date(timeIntervalSince1970: 0))
    for id in ["a.jpg", "b.jpg"] { site.photos[id] = Self.job(id).photo }
    let jobs = DerivativePlanner.plan(site)
    try #require(jobs.count == 2)
    let steps = jobs.map { $0.chain.steps.withUnsafeBufferPointer { $0.baseAddress } }
    #expect(steps[0] == steps[1])
    #expect(jobs[1].display[0].fileName.hasPrefix("b.jpg-"))
  }

  @Test("a planned derivative holds its photo's stem, not a name of its own; the name is made on demand")
  func sharedStem() throws {
    var photo = Self.job("a.jpg").photo
    photo.stem = "a-stem-longer-than-fifteen-bytes"
    let job = DerivativePlanner.job(for: photo, config: SiteConfig())
    var planned = try #require(job.display.first)
    let (one, other) = (photo.stem, planned.stem)
    #expect(one.utf8.withContiguousStorageIfAvailable { $0.baseAddress } != nil)
    #expect(
      one.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        == other.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
    #expect(
      planned.fileName
        == "a-stem-longer-than-fifteen-bytes-\(planned.spec.width)x\(planned.spec.height).\(planned.hash).\(planned.spec.format.fileExtension)"
    )
    planned.stem = "b"
    #expect(planned.fileName.hasPrefix("b-\(planned.spec.width)x"))
  }
}
