import GalleryCore

extension ImageProcessor {
  /// A photo the Images stage has work for: where its job is in the list, and
  /// the derivatives it lacks, nil when it lacks them all (every photo of a
  /// cold build). Held for every photo through the stage, so it is not a copy
  /// of the job and of its derivatives: those copies were about 27 MB at
  /// 20,000 photos, at the peak of a cold preview (issue 24).
  struct Work: Sendable {
    let index: Int
    let lacking: [Derivative]?

    init(index: Int, missing: [Derivative], of job: ImageJob) {
      self.index = index
      lacking = missing.count == job.all.count ? nil : missing
    }

    /// The derivatives to make for `job`, the job at `index`.
    func missing(of job: ImageJob) -> [Derivative] { lacking ?? job.all }
  }
}
