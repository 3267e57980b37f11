import Foundation

/// Image files made at test time, with ImageMagick where libvips cannot
/// write the format (BMP) or the metadata (an animation's frame delays).
package enum MadeImages {
  /// ImageMagick's `convert`, when installed (`make test` installs it): the
  /// first candidate whose `-version` names ImageMagick's version, as a
  /// stand-in script of the same name may not.
  package static let convert: String? = {
    for candidate in ["/usr/bin/convert", "/usr/local/bin/magick", "/usr/bin/magick"]
    where FileManager.default.isExecutableFile(atPath: candidate) {
      if let version = try? run(candidate, ["-version"]), version.contains("Version: ImageMagick") {
        return candidate
      }
    }
    return nil
  }()

  /// Whether ImageMagick is here, for `.enabled(if:)`.
  package static var haveConvert: Bool { convert != nil }

  /// Runs `tool` and returns its standard output; throws when it fails.
  @discardableResult
  package static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "\(tool) \(arguments) failed"])
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs ImageMagick's `convert`; throws when it is not installed.
  package static func convert(_ arguments: [String]) throws {
    guard let convert else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "convert"]) }
    try run(convert, arguments)
  }

  /// An animated GIF of plain frames in `colours`, `width`×`height` each,
  /// shown for `delays` hundredths of a second each, looping `loop` times (0: for ever).
  package static func animatedGIF(
    at path: String, width: Int, height: Int, colours: [String], delays: [Int], loop: Int
  ) throws {
    var arguments = ["-loop", String(loop), "-size", "\(width)x\(height)"]
    for (colour, delay) in zip(colours, delays) {
      arguments += ["-delay", String(delay), "xc:\(colour)"]
    }
    try convert(arguments + [path])
  }

  /// A 60×40 Windows bitmap, whatever `path`'s name says.
  package static func bitmap(at path: String) throws {
    try convert(["-size", "60x40", "xc:blue", "BMP3:" + path])
  }

  /// The first `count` bytes of a committed fixture: a JPEG cut short.
  package static func truncated(_ fixture: String, to count: Int) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: Fixtures.image(fixture))).prefix(count)
  }
}
