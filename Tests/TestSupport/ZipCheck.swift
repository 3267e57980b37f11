import Foundation
import Testing

/// Zips read by other programs than the one that wrote them: Python's zipfile
/// and Info-ZIP's unzip.
package enum ZipCheck {
  /// Runs a program found on PATH; its exit status and standard output.
  package static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Whether both `python3 -m zipfile -t` and `unzip -t` find `zip` whole.
  package static func isValid(_ zip: String) throws -> Bool {
    try run("python3", ["-m", "zipfile", "-t", zip]).status == 0 && run("unzip", ["-tq", zip]).status == 0
  }

  /// The SHA-256 of a file in hex, by sha256sum.
  package static func sha256(_ path: String) throws -> String {
    String(try run("sha256sum", [path]).output.prefix(64))
  }

  /// What Python's zipfile reads in `zip`, one line per member: name,
  /// method, time, size and the SHA-256 of the bytes it reads back (CRC
  /// checked), as `name|0|[1980, 1, 1, 0, 0, 0]|12|<hex>`.
  package static func members(of zip: String) throws -> [String] {
    let script = """
      import hashlib, sys, zipfile
      with zipfile.ZipFile(sys.argv[1]) as z:
          assert z.testzip() is None
          for i in z.infolist():
              data = z.read(i)
              print(i.filename, i.compress_type, list(i.date_time), i.file_size, hashlib.sha256(data).hexdigest(), sep="|")
      """
    let result = try run("python3", ["-c", script, zip])
    #expect(result.status == 0, "python3 cannot read \(zip)")
    return result.output.split(separator: "\n").map(String.init)
  }

  /// The line `members(of:)` gives for the file at `path` stored as `name`, undated.
  package static func member(_ name: String, from path: String, time: String = "[1980, 1, 1, 0, 0, 0]") throws
    -> String
  {
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    return "\(name)|0|\(time)|\(size)|\(try sha256(path))"
  }
}
