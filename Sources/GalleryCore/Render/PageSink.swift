/// Where the Render stage hands rendered files as it makes them: the Write
/// stage's staging folder (`StagingFolder`), or a counting fake in tests. A
/// sink is handed one bounded batch at a time and keeps none of it, so a build
/// holds a few pages, never the whole site.
package protocol PageSink {
  /// Puts `batch` in place; a throw stops the build.
  mutating func write(_ batch: [OutputFile]) throws
}
