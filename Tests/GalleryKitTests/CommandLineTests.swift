import Foundation
import Testing

/// The built `catgallery` binary: exit codes and the exact lines users see.
@Suite("Command line")
struct CommandLineTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: String

    /// Standard error without the progress lines.
    var diagnostics: String {
      errors.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("images: ") }.joined(separator: "\n")
    }
  }

  /// Runs the `catgallery` built beside this test bundle; `environment` sets
  /// (or, with nil, removes) variables of this process's environment.
  static func run(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> Run {
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
  static func realSite(replacing files: [String: String] = [:]) throws -> TestSite {
    let site = try MinimalSite.make(replacing: files)
    for (name, fixture) in [
      ("falls1.jpg", "landscape.jpg"), ("sleepy1.jpg", "portrait.jpg"), ("cat1.png", "alpha.png"),
    ] {
      try site.write(
        "content/photos/" + name, data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image(fixture))))
    }
    return site
  }

  @Test("bad input prints every problem like a compiler and exits 1")
  func badInput() throws {
    let cats = MinimalSite.cats.replacingOccurrences(of: "\"abys\"", with: "\"zzzz\"")
      .replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": 9")
    let site = try Self.realSite(replacing: ["content/cats.json": cats])
    let run = try Self.run(["build", "--site", site.root])
    #expect(run.status == 1)
    #expect(
      run.diagnostics == """
        content/cats.json:6:16: error: cat 1 has unknown breedId "zzzz" (not in breeds.json)
        content/cats.json:9:15: error: "rating" of cat 1 must be from 1 to 5, found 9
        build failed: 2 error(s), 0 warning(s); the previous output is unchanged

        """)
    #expect(!FileManager.default.fileExists(atPath: site.root + "/public"))
  }

  @Test("a good site builds, says what it did, and exits 0")
  func goodSite() throws {
    let site = try Self.realSite()
    let run = try Self.run(["build", "--site", site.root, "--strict"])
    #expect(run.status == 0, "\(run.errors)")
    // Off a terminal, stderr carries only plain progress lines: no bar, no diagnostics.
    let lines = run.errors.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("images: ") }, "\(run.errors)")
    #expect(lines.last?.hasPrefix("images: 3/3 photos, ") == true)
    #expect(!run.errors.contains("\r"))
    #expect(run.output.hasPrefix("built "))
    #expect(FileManager.default.fileExists(atPath: site.root + "/public/index.html"))
    let quiet = try Self.run(["build", "--site", site.root, "--quiet"])
    #expect(quiet.status == 0 && quiet.output == "")
  }

  @Test("an unreadable photo fails the build with its name")
  func badPhoto() throws {
    let site = try Self.realSite()
    try site.write("content/photos/falls1.jpg", "garbage")
    let run = try Self.run(["build", "--site", site.root])
    #expect(run.status == 1)
    #expect(
      run.diagnostics.hasPrefix(
        "content/photos/falls1.jpg: error: cannot read image: not a readable image: not a known image format\n"))
    #expect(run.diagnostics.split(separator: "\n").count == 2)
  }

  @Test("usage errors exit 1 too", arguments: [["build", "--bogus"], ["build", "--base-url", "example.org"]])
  func usage(_ arguments: [String]) throws {
    let run = try Self.run(arguments)
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: "), "\(run.errors)")
    #expect(!run.errors.contains("Error:"))
  }

  @Test("--help documents every flag")
  func help() throws {
    let run = try Self.run(["build", "--help"])
    #expect(run.status == 0)
    for flag in ["--site", "--output", "--base-url", "--strict", "--quiet", "--verbose", "--force"] {
      #expect(run.output.contains(flag), "\(flag)")
    }
  }

  @Test("a folder without content/ is a clear error")
  func noContent() throws {
    let folder = NSTemporaryDirectory() + "empty-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try Self.run(["build", "--site", folder])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: no content/ folder in \(folder)"))
  }
}
