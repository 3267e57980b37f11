import Foundation

/// Runs a small node script over a JSON table on its standard input and returns the lines it
/// prints: each names a case that failed. Tests that need node pass when it is not installed.
enum NodeRunner {
  /// node's path when it is installed, else nil.
  static func find() -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    return folders.map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Reads `[name, input, output]` rows; prints the name of each whose input and output,
  /// run as function bodies, return different values or throw different errors.
  static let compareBodies = """
    const rows = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    const run = (body) => { try { return JSON.stringify(new Function(body)()); }
      catch (e) { return 'throws ' + e.constructor.name; } };
    for (const [name, input, output] of rows) {
      const want = run(input), got = run(output);
      if (want !== got) console.log(name + ': ' + want + ' became ' + got);
    }
    """

  /// Reads `[name, script]` rows; prints the name and error of each that does not parse.
  static let parseScripts = """
    const rows = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    for (const [name, script] of rows) {
      try { new Function(script); } catch (e) { console.log(name + ': ' + e.message); }
    }
    """

  static func run(_ node: String, script: String, input: [[String]]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: node)
    process.arguments = ["-e", script]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(try JSONEncoder().encode(input))
    try stdin.fileHandleForWriting.close()
    let printed = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
    return process.terminationStatus == 0 ? lines : lines + ["node exited \(process.terminationStatus)"]
  }
}
