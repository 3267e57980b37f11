import Testing

@testable import GalleryCore
@testable import GalleryImages

/// What the Images stage holds per photo while photos are made (issue 24):
/// the job's place and what it lacks, never a copy of the job's derivatives
/// when it lacks them all, as every photo of a cold build does.
@Suite("Image work")
struct ImageWorkTests {
  static let job = DerivativePlanner.job(
    for: ImagePipelineTests.photo("falls1.jpg", 800, 600), config: SiteConfig())

  @Test("a photo lacking every derivative holds no list of them, and is still given them all")
  func lacksAll() {
    let work = ImageProcessor.Work(index: 3, missing: Self.job.all, of: Self.job)
    #expect(work.index == 3)
    #expect(work.lacking == nil)
    #expect(work.missing(of: Self.job) == Self.job.all)
  }

  @Test("a photo lacking some derivatives holds just those")
  func lacksSome() {
    let some = Array(Self.job.all.dropFirst(2))
    #expect(!some.isEmpty)
    let work = ImageProcessor.Work(index: 0, missing: some, of: Self.job)
    #expect(work.lacking == some)
    #expect(work.missing(of: Self.job) == some)
  }

  @Test("what is held per photo is two words, not a copy of its job")
  func compact() {
    #expect(MemoryLayout<ImageProcessor.Work>.size <= 2 * MemoryLayout<Int>.size)
    #expect(MemoryLayout<ImageJob>.size > 2 * MemoryLayout<Int>.size)
  }
}
