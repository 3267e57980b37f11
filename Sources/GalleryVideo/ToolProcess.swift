import Foundation
import GalleryCore

#if canImport(Glibc)
  import Glibc
#endif

/// One run of ffmpeg or ffprobe: an argument array (never a shell), no
/// standard input, both outputs read as they come so neither pipe fills and
/// stalls the tool, and a time limit after which the tool is killed.
struct ToolProcess {
  struct Outcome {
    var status: Int32
    var output: Data
    var errors: String
    var timedOut: Bool
  }

  /// Runs `executable` to its end or for `timeout` seconds, calling
  /// `onOutput` with each piece of standard output as it arrives.
  static func run(
    _ executable: String, _ arguments: [String], timeout: Double,
    onOutput: (@Sendable (Data) -> Void)? = nil
  ) throws(VideoError) -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      let name = URL(fileURLWithPath: executable).lastPathComponent
      throw VideoError(.failed, "cannot start \(name): \(error.localizedDescription)")
    }
    let output = Locked(Data())
    let errors = Locked(Data())
    let drained = DispatchGroup()
    drain(outputPipe.fileHandleForReading, into: output, group: drained, onOutput: onOutput)
    drain(errorPipe.fileHandleForReading, into: errors, group: drained, onOutput: nil)
    var timedOut = false
    if exited.wait(timeout: .now() + max(0, timeout)) == .timedOut {
      timedOut = true
      // SIGKILL, not SIGTERM: ffmpeg answers SIGTERM by finishing the file it
      // is writing, which on a stuck input may never come.
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
    }
    drained.wait()
    return Outcome(
      status: process.terminationStatus, output: output.current,
      errors: String(decoding: errors.current, as: UTF8.self), timedOut: timedOut)
  }

  /// Reads `handle` to its end on a thread of its own: a blocking read on a
  /// shared dispatch queue could starve the workers a caller runs clips on.
  private static func drain(
    _ handle: FileHandle, into box: Locked<Data>, group: DispatchGroup, onOutput: (@Sendable (Data) -> Void)?
  ) {
    group.enter()
    let thread = Thread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        box.withLock { $0.append(chunk) }
        onOutput?(chunk)
      }
      group.leave()
    }
    thread.start()
  }

  /// The first executable called `name` in `PATH`, then in /usr/bin and /usr/local/bin.
  static func locate(_ name: String, environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return (folders + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/" + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
