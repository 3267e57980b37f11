@testable import GalleryCore

/// A metadata reader that counts the photos it reads, for tests that a
/// build reused what it knew instead of reading a photo again.
package struct CountingReader: MetadataReader {
  package let inner: FakeMetadataReader
  package let reads = Locked(0)

  package init(inner: FakeMetadataReader) { self.inner = inner }

  package func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
    reads.increment()
    return inner.read(tags, from: path)
  }
}
