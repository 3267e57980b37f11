/// The derivatives a staging folder placed album by album
/// (`StagingFolder.place(_:cache:)`): their names' hashes, 8 bytes each, for
/// placing each once and for pruning the cache (`DerivativeCache.prune`), their
/// names in the manifest's digest, and their bytes for the report.
struct PlacedDerivatives {
  var names: Set<Int> = []
  var digest = OutputManifest.NameDigest()
  var bytes = 0

  var isEmpty: Bool { names.isEmpty }
}
