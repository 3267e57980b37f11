import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// libvips keeps one error buffer for the whole process: with photos made in
/// parallel, one photo's error was reported for another ("bad seek" of a HEIC
/// against a good JPEG) and changed run to run. Each file's message must be
/// the one it gets alone.
@Suite("Errors of parallel work")
struct ErrorIsolationTests {
  /// Good photos and bad ones of four kinds, each failing its own way: a HEIC
  /// and a WebP cut short (the header fails), a JPEG cut in its data (the
  /// decode fails) and a PNG cut short (the decode reads past it).
  static func files(in folder: String) throws -> [String] {
    var files: [String] = []
    for index in 0..<4 {
      let name = folder + "/good-\(index).jpg"
      try FileManager.default.copyItem(
        atPath: Fixtures.image(index % 2 == 0 ? "landscape.jpg" : "portrait.jpg"), toPath: name)
      files.append(name)
    }
    for format in ["heic", "webp", "png"] {
      let whole = folder + "/whole.\(format)"
      _ = try Fixtures.vips("vips", ["copy", Fixtures.image("landscape.jpg"), whole])
      let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
      let cut = folder + "/cut.\(format)"
      try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
      files.append(cut)
    }
    let data = folder + "/cut-data.jpg"
    try FileManager.default.copyItem(atPath: Fixtures.image("truncated-data.jpg"), toPath: data)
    files.append(data)
    return files
  }

  /// What reading and making `path` says: its error, or its warnings.
  static func outcome(_ path: String, codec: VipsCodec, folder: String) -> String {
    do {
      let header = try codec.header(of: path)
      let photo = Photo(id: path, file: path, path: path, hash: "h", header: header, stem: "p")
      let job = DerivativePlanner.job(for: photo, config: .preview)
      let stem = folder + "/" + UUID().uuidString
      let outputs = job.all.map { ($0.spec, stem + $0.fileName) }
      let rendered = try codec.render(source: path, run: job.chain.run(writing: outputs))
      outputs.forEach { try? FileManager.default.removeItem(atPath: $0.1) }
      return "made " + rendered.warnings.joined(separator: "; ")
    } catch {
      return "error " + error.message
    }
  }

  @Test("each file's message is its own, photos made in parallel, run after run")
  func ownMessages() throws {
    let folder = NSTemporaryDirectory() + "isolation-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = try Self.files(in: folder)
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let alone = files.map { Self.outcome($0, codec: codec, folder: folder) }
    #expect(alone.filter { $0.hasPrefix("error ") }.count >= 3, "\(alone)")
    #expect(Set(alone.filter { $0.hasPrefix("error ") }).count == alone.filter { $0.hasPrefix("error ") }.count)
    let wrong = Mismatches()
    let group = DispatchGroup()
    for worker in 0..<4 {
      group.enter()
      Thread {
        defer { group.leave() }
        for round in 0..<12 {
          // Each worker in its own order, so different files overlap each round.
          for offset in files.indices {
            let index = (offset * (worker + 1) + round) % files.count
            let said = Self.outcome(files[index], codec: codec, folder: folder)
            if said != alone[index] { wrong.add("\(files[index]): \(said), alone: \(alone[index])") }
          }
        }
      }.start()
    }
    group.wait()
    #expect(wrong.lines.isEmpty, "\(wrong.lines.prefix(5))")
  }
}

/// Messages that differed from the file's own, gathered across threads.
final class Mismatches: @unchecked Sendable {
  private let lock = NSLock()
  private var found: [String] = []
  var lines: [String] { lock.withLock { found } }
  func add(_ line: String) { lock.withLock { found.append(line) } }
}
