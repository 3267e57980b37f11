import Crypto
import Foundation
import GalleryCore
import GalleryImages

/// Everything a build does to its output folder, from claim to record: the
/// ownership check, the marker rules and the lock (`claim`); the staged write
/// and swap, with recovery after a kill, or a live site's in-place update
/// (`write`); and the two "already up to date" short cuts with the records
/// they keep in the site's cache (`lastBuild` and `remember`: the
/// `BuildRecord`; `install`: the `OutputManifest`). Nothing else reads or writes
/// those records.
///
/// The folder has one name: `path`, normalised once here
/// (`ProtectedFolders.normalise`: absolute, symlinks resolved). Every comparison,
/// every record and every write uses it, so `public`, `public/`,
/// `x/../public` and a path through a link to the site are the same folder.
package struct OutputOwner: Sendable {
  /// The output and the rules about which folders may be one.
  package let folder: OutputFolder
  package let options: BuildOptions
  package let fileSystem: FileSystem
  /// The site's cache: it holds the records, and the derivatives a write links.
  package let cache: DerivativeCache

  init(options: BuildOptions, fileSystem: FileSystem, cache: DerivativeCache) {
    folder = OutputFolder(options.output)
    self.options = options
    self.fileSystem = fileSystem
    self.cache = cache
  }

  /// The output, absolute, with symlinks resolved.
  package var path: String { folder.path }

  /// The last clean build's record (`BuildRecord`), one per cache.
  var recordFile: String { cache.folder + "/build.json" }

  /// What the last site written to this output holds (`OutputManifest`), one
  /// per output, keyed by its normalised path.
  var manifestFile: String {
    cache.folder + "/outputs/" + SHA256.hash(data: Data(path.utf8)).prefix(8).hex
  }
}
