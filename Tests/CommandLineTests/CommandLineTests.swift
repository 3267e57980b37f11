import Foundation
import TestSupport
import Testing

/// The built `catgallery` binary: exit codes and the exact lines users see.
@Suite("Command line")
struct CommandLineTests {
  @Test("bad input prints every problem like a compiler and exits 1")
  func badInput() throws {
    let cats = MinimalSite.cats.replacingOccurrences(of: "\"abys\"", with: "\"zzzz\"")
      .replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": 9")
    let site = try Program.realSite(replacing: ["content/cats.json": cats])
    let run = try Program.run(["build", "--site", site.root])
    #expect(run.status == 1)
    #expect(
      run.diagnostics == """
        content/cats.json:6:16: error: cat 1 has unknown breedId "zzzz" (not in breeds.json)
        content/cats.json:9:15: error: "rating" of cat 1 must be from 1 to 5, found 9
        build failed: 2 error(s), 0 warning(s); the previous output is unchanged

        """)
    #expect(!FileManager.default.fileExists(atPath: site.root + "/public"))
  }

  @Test("a warning repeated for 40 cats is one line with the count; --verbose prints every one")
  func repeatedWarnings() throws {
    let records = (1...40).map { number in
      "{\"catName\": \"Cat \(number)\", \"ownerName\": \"Ruth Hill\", \"breedId\": \"abys\", "
        + "\"birthDate\": \"2015-03-12T08:21:44.000Z\", \"weightKg\": 4, \"rating\": 4, "
        + "\"photoUrl\": \"http://example.com/cat\(number).jpg\"}"
    }
    let site = try Program.realSite(replacing: ["content/cats.json": "[" + records.joined(separator: ",\n") + "]"])
    let run = try Program.run(["build", "--site", site.root])
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.diagnostics.split(separator: "\n").filter { $0.contains("is not https") }
    #expect(lines.count == 1, "\(run.diagnostics)")
    #expect(
      lines.first?.hasPrefix("content/cats.json: warning: photoUrl of cat 1") == true
        && lines.first?.hasSuffix(" (and 39 more like it in this file, 40 in all; --verbose lists them)") == true,
      "\(run.diagnostics)")
    let verbose = try Program.run(["build", "--site", site.root, "--verbose"])
    #expect(verbose.diagnostics.split(separator: "\n").filter { $0.contains("is not https") }.count == 40)
  }

  @Test("a good site builds, says what it did, and exits 0")
  func goodSite() throws {
    let site = try Program.realSite()
    let run = try Program.run(["build", "--site", site.root, "--strict"])
    #expect(run.status == 0, "\(run.errors)")
    // Off a terminal, stderr carries only plain progress lines: no bar, no diagnostics.
    let lines = run.errors.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("images: ") }, "\(run.errors)")
    #expect(lines.last?.hasPrefix("images: 3/3 photos, ") == true)
    #expect(!run.errors.contains("\r"))
    #expect(run.output.hasPrefix("built "))
    #expect(FileManager.default.fileExists(atPath: site.root + "/public/index.html"))
    let quiet = try Program.run(["build", "--site", site.root, "--quiet"])
    #expect(quiet.status == 0 && quiet.output == "")
  }

  @Test("an unreadable photo fails the build with its name")
  func badPhoto() throws {
    let site = try Program.realSite()
    try site.write("content/photos/falls1.jpg", "garbage")
    let run = try Program.run(["build", "--site", site.root])
    #expect(run.status == 1)
    #expect(
      run.diagnostics.hasPrefix(
        "content/photos/falls1.jpg: error: cannot read image: not a readable image: not a known image format\n"))
    #expect(run.diagnostics.split(separator: "\n").count == 2)
  }

  @Test(
    "a file name cannot write to the terminal: its control characters are printed escaped",
    arguments: [
      ("\u{1B}[2J\u{1B}[Hclear.jpg", "\\x1B[2J\\x1B[Hclear.jpg"), ("bell\u{07}.jpg", "bell\\x07.jpg"),
      ("x.jpg\nerror: forged.jpg", "x.jpg\\nerror: forged.jpg"), ("csi\u{9B}2J.jpg", "csi\\u{9B}2J.jpg"),
    ])
  func escapedNames(_ name: String, _ printed: String) throws {
    let folder = NSTemporaryDirectory() + "names-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder + "/Trip", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/Trip/" + name))
    let run = try Program.run(["preview", "--build-to", folder + "/out", folder + "/Trip"])
    #expect(
      run.diagnostics.split(separator: "\n").contains {
        $0.hasPrefix("Trip/\(printed): warning: left out: not a readable image")
      }, "\(run.errors)")
    #expect(!run.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
  }

  @Test(
    "a folder's name cannot write to the terminal through a command's report on standard output",
    arguments: [["preview", "--build-to"], ["init"]])
  func escapedFolders(_ command: [String]) throws {
    let folder = NSTemporaryDirectory() + "folders-" + UUID().uuidString
    let hostile = folder + "/esc\u{1B}]0;title\u{07}dir"
    try FileManager.default.createDirectory(atPath: folder + "/Trip", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try MadeImages.convert(["-size", "40x30", "xc:teal", folder + "/Trip/a.jpg"])
    let arguments = command == ["init"] ? ["init", hostile] : ["preview", "--build-to", hostile, folder + "/Trip"]
    let run = try Program.run(arguments)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("esc\\x1B]0;title\\x07dir"), "\(run.output)")
    for text in [run.output, run.errors] {
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    }
  }

  @Test("usage errors exit 1 too", arguments: [["build", "--bogus"], ["build", "--base-url", "example.org"]])
  func usage(_ arguments: [String]) throws {
    let run = try Program.run(arguments)
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: "), "\(run.errors)")
    #expect(!run.errors.contains("Error:"))
  }

  @Test("--help documents every flag")
  func help() throws {
    let run = try Program.run(["build", "--help"])
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
    let run = try Program.run(["build", "--site", folder])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: no content/ folder in \(folder)"))
  }
}
