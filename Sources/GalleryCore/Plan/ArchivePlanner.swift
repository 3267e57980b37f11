import Crypto
import Foundation

/// Plan stage for the albums' zips (site.yml `zip:`): which albums get one,
/// what each holds under which name, and the content hash that names it in
/// the cache. Pure.
enum ArchivePlanner {
  /// Bumped whenever what goes into a zip or how it is written changes, so
  /// every cached zip is made again.
  static let version = "1"

  /// A zip for every album of the site with items of its own, the tree in
  /// order, depth first; none unless site.yml or the album's index.md asks
  /// (`mode(for:in:)`). `jobs`: the image jobs by photo id, for the largest copies.
  static func plan(_ site: Site, jobs: ImageJobTable) -> [ArchiveJob] {
    site.albums.flatMap(\.allAlbums).compactMap { album in
      mode(for: album, in: site).flatMap { job(for: album, mode: $0, jobs: jobs) }
    }
  }

  /// What `album`'s zip holds: its index.md's `zip:` over site.yml's; nil for none.
  static func mode(for album: Album, in site: Site) -> ArchiveMode? {
    album.zip.mode(site: site.config.zip)
  }

  /// The zip of `album`'s own items (a child album has its own), in the
  /// album's order, a Live Photo's clip after its still among the originals;
  /// nil when none of them has anything to put in it.
  static func job(for album: Album, mode: ArchiveMode, jobs: ImageJobTable) -> ArchiveJob? {
    var names = UniqueNames()
    var members: [ArchiveJob.Member] = []
    var material = "zip|\(version)|\(mode.rawValue)"
    func add(_ name: String, _ source: ArchiveJob.Member.Source, _ contentHash: String, file: String, time: DOSTime) {
      let member = ArchiveJob.Member(name: names.claim(name), source: source, file: file, time: time)
      material += "|\(member.name)\u{0}\(contentHash)\u{0}\(time.date).\(time.time)"
      members.append(member)
    }
    for item in album.items {
      let photo = item.photo
      let original = String(photo.id.split(separator: "/").last ?? Substring(photo.id))
      let source: ArchiveJob.Member.Source
      let name: String
      let contentHash: String
      switch mode {
      case .originals:
        (source, name, contentHash) = (.original(path: photo.path), original, photo.hash)
      case .largest:
        // A clip's web video; a photo's largest width in the fallback format,
        // the last of the job's list.
        guard let largest = VideoJob(photo)?.output ?? jobs[id: photo.id]?.display.last else { continue }
        let stem = Self.stem(of: original)
        (source, name, contentHash) = (
          .derivative(largest), stem + "." + largest.spec.format.fileExtension, largest.hash
        )
      }
      // A Live Photo's clip gets its still's time: no clip's own time is read.
      let time = photo.metadata.taken.flatMap(DOSTime.init(exif:)) ?? .earliest
      add(name, source, contentHash, file: photo.file, time: time)
      if mode == .originals, let clip = item.live {
        add(Path.name(of: clip.id), .original(path: clip.path), clip.hash, file: clip.file, time: time)
      }
    }
    guard !members.isEmpty else { return nil }
    let hash = SHA256.hash(data: Data(material.utf8)).prefix(DerivativeName.hashLength / 2).hex
    let slug = album.slug.isEmpty ? "album" : album.slug
    return ArchiveJob(path: album.path + slug + ".zip", fileName: "\(slug).\(hash).zip", hash: hash, members: members)
  }

  /// A file name without its extension; a name that starts with its only dot keeps it.
  static func stem(of name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}

/// Names made safe to unpack (`ArchiveMemberName`) and unique within one zip
/// as the systems it is unpacked on compare them, ignoring case and Unicode
/// normalisation (macOS, Windows): a later name that clashes gets `-2`, `-3`,
/// … before its extension.
struct UniqueNames {
  private var taken: Set<String> = []

  mutating func claim(_ original: String) -> String {
    let name = ArchiveMemberName.safe(original)
    let stem = ArchivePlanner.stem(of: name)
    let suffix = String(name.dropFirst(stem.count))
    var candidate = name
    var number = 1
    while !taken.insert(Self.key(candidate)).inserted {
      number += 1
      candidate = "\(stem)-\(number)\(suffix)"
    }
    return candidate
  }

  private static func key(_ name: String) -> String { name.precomposedStringWithCanonicalMapping.lowercased() }
}
