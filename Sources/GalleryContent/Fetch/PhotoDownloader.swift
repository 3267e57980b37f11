import Crypto
import Foundation
import GalleryCore

/// Brings one listed photo under content/photos/ as a staged file, or finds
/// it already there. A photo already downloaded from the same URL with the
/// same bytes is not asked for again, unless it is larger than the build
/// takes; a new one is checked before it is accepted: an image content type,
/// at most 40 MB, a header libvips reads, at most `images.max_megapixels`
/// (the build's and the editor's rule), and a complete file. Nothing here writes into content/: accepted bytes go
/// to `incoming`, and `FetchChanges` moves them in when the whole run succeeded.
package struct PhotoDownloader: Sendable {
  package static let maxBytes = 40 * 1024 * 1024

  /// What became of a listed photo.
  enum Outcome: Sendable, Hashable {
    /// On disk already with the manifest's bytes.
    case kept(PhotoManifest.Entry, FetchState.Stamp)
    /// Downloaded and checked; its bytes wait at `staged`.
    case downloaded(PhotoManifest.Entry, staged: String)
    /// Would be downloaded (a dry run asks for nothing).
    case planned(PhotoManifest.Entry)

    var entry: PhotoManifest.Entry {
      switch self {
      case .kept(let entry, _), .downloaded(let entry, _), .planned(let entry): entry
      }
    }
  }

  package let client: FetchClient
  package let fileSystem: FileSystem
  package let codec: ImageCodec
  /// content/photos/, absolute.
  package let photos: String
  /// Where accepted bytes wait, absolute, on the same file system as `photos`.
  let incoming: String
  /// The most pixels the build takes (`images.max_megapixels`).
  let maxPixels: Int
  package let dryRun: Bool

  func obtain(_ photo: RemotePhoto, previous: PhotoManifest.Entry?, stamp: FetchState.Stamp?)
    async throws(FetchProblem) -> Outcome
  {
    // A copy the build would refuse (stored before this check, or under a
    // higher limit) is asked for again: replaced if the source changed it,
    // refused if not.
    if let previous, previous.url == photo.url.absoluteString, let current = present(previous, stamp: stamp),
      (try? codec.header(of: Path.join(photos, previous.file)))?.fits(maxPixels: maxPixels) ?? true
    {
      return .kept(previous, current)
    }
    if dryRun {
      let file = "\(photo.folder)/\(photo.name).\(photo.guessedExtension)"
      return .planned(entry(photo, file: file, sha256: "", bytes: 0))
    }
    let response: NetworkResponse
    do { response = try await client.file(photo.url) } catch { throw FetchProblem(error) }
    let format = try check(response)
    let sha = SHA256.hash(data: response.body).hex
    // One staged file per target: two listings may bring the same bytes.
    let staged = Path.join(incoming, photo.folder.replacingOccurrences(of: "/", with: "--") + "--" + photo.name)
    do {
      try fileSystem.write(response.body, to: staged)
    } catch {
      throw FetchProblem([.error("cannot stage a download in \(incoming) (\(OSReason.describe(error)))")])
    }
    try checkHeader(staged, url: response.url, format: format)
    let ext = format == .jpeg ? "jpg" : format.rawValue
    return .downloaded(
      entry(photo, file: "\(photo.folder)/\(photo.name).\(ext)", sha256: sha, bytes: response.body.count),
      staged: staged)
  }

  private func entry(_ photo: RemotePhoto, file: String, sha256: String, bytes: Int) -> PhotoManifest.Entry {
    PhotoManifest.Entry(
      file: file, source: photo.source, id: photo.id, url: photo.url.absoluteString, sha256: sha256, bytes: bytes)
  }

  /// The stamp of `entry`'s file when it is on disk with the bytes the
  /// manifest names; read again only when its size or time changed.
  func present(_ entry: PhotoManifest.Entry, stamp: FetchState.Stamp?) -> FetchState.Stamp? {
    let path = Path.join(photos, entry.file)
    guard let attributes = try? fileSystem.attributes(of: path), attributes.size == entry.bytes else { return nil }
    if let stamp, stamp.attributes == attributes, stamp.sha256 == entry.sha256 { return stamp }
    guard let data = try? fileSystem.contents(of: path), SHA256.hash(data: data).hex == entry.sha256 else {
      return nil
    }
    return FetchState.Stamp(attributes: attributes, sha256: entry.sha256)
  }

  /// The format the response claims, if it is an image of a readable size.
  private func check(_ response: NetworkResponse) throws(FetchProblem) -> ImageFormat {
    let type =
      response.value(of: "Content-Type")?.split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    guard type.hasPrefix("image/") else {
      throw .response(
        response.url, "expected an image, got Content-Type \(type.isEmpty ? "(none)" : String(type.prefix(80)))")
    }
    guard response.body.count <= Self.maxBytes else {
      throw .response(response.url, "image is \(response.body.count) bytes, over the 40 MB limit")
    }
    guard let format = ImageFormat.sniff(response.body) else {
      throw .response(response.url, "not an image: its content is no JPEG, PNG, WebP, GIF, TIFF or HEIF")
    }
    guard format.isComplete(response.body) else {
      throw .response(response.url, "truncated \(format.name) image: the file ends before the image does")
    }
    return format
  }

  /// libvips must read the header, and the image must be one the build takes.
  private func checkHeader(_ staged: String, url: URL, format: ImageFormat) throws(FetchProblem) {
    let header: ImageHeader
    do throws(ImageError) {
      header = try codec.header(of: staged)
      guard header.width > 0, header.height > 0 else {
        throw ImageError("the image has no pixels")
      }
    } catch {
      try? fileSystem.remove(staged)
      throw .response(url, "not a readable \(format.name) image: \(error.message)")
    }
    guard header.fits(maxPixels: maxPixels) else {
      try? fileSystem.remove(staged)
      throw .response(
        url, "image is \(header.overLimit(maxPixels: maxPixels)); not downloaded, as the build would refuse it")
    }
  }
}
