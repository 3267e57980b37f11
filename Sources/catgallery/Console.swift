import ArgumentParser
import Foundation
import GalleryCore
import GalleryImages
import GalleryOutput

/// Terminal output: results on stdout, diagnostics on stderr.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Progress of image processing on stderr: a bar on a terminal, lines otherwise.
  static func progress(quiet: Bool) -> (@Sendable (BuildProgress) -> Void)? {
    guard !quiet else { return nil }
    let printer = ProgressPrinter(isTerminal: isatty(STDERR_FILENO) != 0) { text in
      FileHandle.standardError.write(Data(text.utf8))
    }
    return { printer.report($0) }
  }

  /// Starts libvips, or prints why it cannot and exits 1.
  static func codec() throws -> VipsCodec {
    do {
      return try VipsCodec()
    } catch {
      Console.error("error: \(error.message)")
      throw ExitCode.failure
    }
  }

  /// Opens `url` with the desktop's handler, if there is one.
  static func openInBrowser(_ url: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [ProcessInfo.processInfo.environment["BROWSER"] ?? "xdg-open", url]
    if (try? process.run()) == nil { error("cannot open a browser; visit \(url)") }
  }

  /// Seconds per stage, for `--verbose`.
  static func timings(_ report: BuildReport) {
    for timing in report.timings {
      out(String(format: "  %-8@ %7.3f s", timing.stage as NSString, timing.seconds))
    }
  }

  /// Every diagnostic, sorted by file and line, one compiler-style line each.
  static func print(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics.sortedForPrinting() {
      error(diagnostic.description)
    }
  }
}
