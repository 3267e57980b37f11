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
}
