import Foundation
import TestSupport

/// Photos with metadata written by exiftool at test time, each a copy of one
/// small real JPEG: no fixture with metadata is committed, so each test says
/// exactly what its photo holds. `make test` installs exiftool (Debian's
/// libimage-exiftool-perl); without it the tests that need it are skipped on
/// a developer's machine and fail under CI=true.
enum ExifTool {
  static let path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return (folders + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/exiftool" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Under CI=true a missing exiftool fails the tests rather than skipping them.
  static let required = ProcessInfo.processInfo.environment["CI"] == "true"

  /// Whether the tests that need exiftool run: it is there, or it must be.
  static var runs: Bool { path != nil || required }

  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "exiftool is not installed: `make test` installs it (Debian package libimage-exiftool-perl)"
    }
  }

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// A folder (removed with the returned site) holding, for each name, a copy
  /// of `base` written over by exiftool with those arguments, all in one run.
  static func photos(
    _ photos: [(name: String, arguments: [String])], base: String = Fixtures.image("landscape.jpg")
  ) throws -> TestSite {
    guard path != nil else { throw Missing() }
    let site = try TestSite()
    var script: [String] = []
    for (name, arguments) in photos {
      let file = site.root + "/" + name
      if !FileManager.default.fileExists(atPath: file) {
        try FileManager.default.copyItem(atPath: base, toPath: file)
      }
      script += ["-q", "-overwrite_original"] + arguments + [file, "-execute"]
    }
    // One argument a line: values may hold spaces, quotes and 2,000 characters.
    let argumentFile = site.root + "/exiftool.args"
    try Data(script.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: argumentFile))
    try run(["-@", argumentFile])
    try FileManager.default.removeItem(atPath: argumentFile)
    return site
  }

  /// An XMP sidecar at `path` made by exiftool from `arguments` alone, as
  /// `exiftool -o IMG_1.xmp -XMP-dc:Title=…` makes one.
  static func sidecar(_ path: String, _ arguments: [String]) throws {
    try run(["-q", "-o", path] + arguments)
  }

  /// Runs exiftool; anything it says on stderr is a failure.
  private static func run(_ arguments: [String]) throws {
    guard let tool = path else { throw Missing() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, message.isEmpty else {
      throw Failed(description: "exiftool failed (\(process.terminationStatus)): \(message)")
    }
  }
}
