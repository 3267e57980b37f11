import Foundation
import Testing

/// The built `catgallery` binary, run as a user would: the exit code and
/// the exact lines printed.
package enum Program {
  package struct Run {
    package var status: Int32
    package var output: String
    package var errors: String

    /// Standard error without the progress lines.
    package var diagnostics: String {
      errors.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("images: ") }.joined(separator: "\n")
    }
  }

  /// Runs the `catgallery` built beside this test bundle; `environment` sets
  /// (or, with nil, removes) variables of this process's environment.
  package static func run(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> Run {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = folder.appendingPathComponent("catgallery").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build the catgallery product first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  /// The minimal site with real photos in place of the fake ones.
  package static func realSite(replacing files: [String: String] = [:]) throws -> TestSite {
    let site = try MinimalSite.make(replacing: files)
    for (name, fixture) in [
      ("falls1.jpg", "landscape.jpg"), ("sleepy1.jpg", "portrait.jpg"), ("cat1.png", "alpha.png"),
    ] {
      try site.write(
        "content/photos/" + name, data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image(fixture))))
    }
    return site
  }
}
