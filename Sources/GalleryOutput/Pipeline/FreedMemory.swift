#if os(Linux)
  import CMalloc
#endif

/// Hands memory the build has freed back to the system. glibc keeps freed
/// chunks for reuse: after a stage lets go of what it made (the loaded files,
/// the Images stage's list of work), the pages of those chunks stay resident
/// and the next stage's allocations land beside them, so the peak RSS of a
/// large preview was the sum of stages' high-waters, not their largest
/// (issue 24: malloc held 93 MB with 63 MB in use through the Images stage of
/// 20,000 photos). `malloc_trim(0)` returns every free page of every arena.
enum FreedMemory {
  static func release() {
    #if os(Linux)
      _ = malloc_trim(0)
    #endif
  }

  /// The largest block glibc keeps in its heap once freed (`promptly`).
  static let heldBlock: Int32 = 128 * 1024

  /// Makes glibc hand large blocks back as soon as they are freed, not only
  /// at `release`. By default it raises its mmap threshold each time a large
  /// block is freed, so the site-sized arrays and dictionaries the Model
  /// and Plan stages make and drop (a copy of 20,000 items, a sorted list)
  /// come from the heap and stay resident beside the next ones: the peak of
  /// a 20,000-photo preview was 14 MB over what those stages held at once
  /// (151.5 MB; 137 MB with the thresholds fixed). Fixed at 128 KB, as the
  /// default starts, a block that large is mapped on its own and unmapped
  /// when freed. For a staged build only: `serve` keeps the default.
  static func promptly() {
    #if os(Linux)
      _ = mallopt(M_MMAP_THRESHOLD, heldBlock)
      _ = mallopt(M_TRIM_THRESHOLD, heldBlock)
    #endif
  }
}
