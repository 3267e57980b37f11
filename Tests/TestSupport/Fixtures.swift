import Foundation

/// Paths to committed fixtures and the `vips` command-line tools used to inspect
/// derivatives (dimensions, format and pixels; never bytes).
package enum Fixtures {
  package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path

  package static func image(_ name: String) -> String { folder + "/images/" + name }

  /// Runs a libvips tool and returns its trimmed standard output.
  package static func vips(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// One header field as `vipsheader -a` names it ("uchar", "srgb"); "" when absent.
  package static func header(_ path: String, _ field: String) throws -> String {
    let lines = try vips("vipsheader", ["-a", path]).split(separator: "\n")
    let prefix = field + ": "
    return lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? ""
  }

  /// The pixel at x, y as integer components.
  package static func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [Int] {
    try vips("vips", ["getpoint", path, String(x), String(y)]).split(separator: " ")
      .compactMap { Double($0).map { Int($0.rounded()) } }
  }

  /// The repository root, for tests that run the built binary or the example site.
  package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
}
