import Foundation
import GalleryCore

/// The pid of the worker `serve` runs, for the signal handler to pass SIGTERM on.
nonisolated(unsafe) private var workerPID: pid_t = 0

/// Keeps `serve` up through a crash. A stack overflow or a trap in a rebuild
/// cannot be caught inside the process that has it, so `serve` runs itself
/// again as a worker process and watches it: when the worker dies of a crash,
/// a new one serves the last good site (every file in it was replaced whole, so
/// it is intact), shows the crash over the open pages and rebuilds on the next
/// edit. Any other end of the worker (Ctrl-C, an error) ends `serve` with it.
enum Supervisor {
  static let workerVariable = "CATGALLERY_SERVE_WORKER"
  static let crashVariable = "CATGALLERY_SERVE_CRASHED"

  static var isWorker: Bool { ProcessInfo.processInfo.environment[workerVariable] != nil }

  /// In a worker: ends this process soon after the supervisor is gone (killed
  /// with SIGKILL, which it cannot pass on), so no server outlives `serve`.
  static func watchSupervisor() {
    guard let value = ProcessInfo.processInfo.environment[workerVariable], let supervisor = pid_t(value) else { return }
    Thread.detachNewThread {
      while getppid() == supervisor { sleep(1) }
      exit(0)
    }
  }

  /// What the previous worker died of, in a worker started after a crash.
  static var previousCrash: String? { ProcessInfo.processInfo.environment[crashVariable] }

  /// Signals that mean the worker crashed, rather than was stopped.
  static let crashSignals: [Int32: String] = [
    SIGSEGV: "segmentation fault", SIGBUS: "bus error", SIGILL: "illegal instruction", SIGTRAP: "trap",
    SIGABRT: "abort", SIGFPE: "arithmetic error",
    // The kernel's out-of-memory killer ends a process with SIGKILL.
    SIGKILL: "killed, perhaps for want of memory",
  ]

  /// Runs this program with `arguments` as a worker until it ends other than
  /// by a crash; returns its exit code. Gives up after 5 crashes in 10 seconds.
  static func run(arguments: [String]) -> Int32 {
    // Stopping serve stops the worker, and then the loop ends with it. Handlers
    // rather than SIG_IGN, which the worker would inherit.
    signal(SIGINT) { _ in if workerPID > 0 { kill(workerPID, SIGINT) } }
    signal(SIGTERM) { _ in if workerPID > 0 { kill(workerPID, SIGTERM) } }
    var crash: String?
    var crashes: [Date] = []
    while true {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
      process.arguments = arguments
      var environment = ProcessInfo.processInfo.environment
      environment[workerVariable] = String(getpid())
      environment[crashVariable] = crash
      // The runtime's backtrace of a crashed worker fills the terminal and takes
      // seconds; a `catgallery build` of the same input shows it when wanted.
      if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
      process.environment = environment
      do {
        try process.run()
      } catch {
        Console.print(.error("cannot start the server process (\(OSReason.describe(error)))"))
        return 1
      }
      workerPID = process.processIdentifier
      process.waitUntilExit()
      workerPID = 0
      guard process.terminationReason == .uncaughtSignal, let name = crashSignals[process.terminationStatus] else {
        if process.terminationReason == .exit { return process.terminationStatus }
        Console.print(.error("the server process was stopped by signal \(process.terminationStatus)"))
        return 128 + process.terminationStatus
      }
      crash =
        "the last rebuild crashed (\(name)); still serving the last good site: fix the input and save to rebuild "
        + "(catgallery build shows where it crashed)"
      Console.print(.error(crash ?? name))
      crashes = crashes.filter { $0 > Date(timeIntervalSinceNow: -10) } + [Date()]
      if crashes.count >= 5 {
        Console.print(.error("serve crashed 5 times in 10 seconds; stopping"))
        return 1
      }
    }
  }
}
