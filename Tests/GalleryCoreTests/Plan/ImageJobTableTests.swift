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
}
