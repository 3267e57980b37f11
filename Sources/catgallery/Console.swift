import ArgumentParser
import Foundation
import GalleryCore
import GalleryImages
import GalleryMetadata
import GalleryOutput
import GalleryVideo

/// Terminal output: results on stdout; diagnostics on stderr through
/// `DiagnosticPrinter`, with the closing lines of a failed command.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((safe(text) + "\n").utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((safe(text) + "\n").utf8))
  }

  /// Each line of `text` escaped for a terminal (`TerminalText`): what the
  /// commands print names the user's folders and files, and a name holding
  /// ESC or BEL must not reach the screen as it is.
  private static func safe(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
  }

  /// Progress of image processing on stderr: a bar on a terminal, lines otherwise.
  static func progress(quiet: Bool) -> (@Sendable (BuildProgress) -> Void)? {
    guard let printer = progressPrinter(quiet: quiet) else { return nil }
    return { printer.report($0) }
  }

  /// Progress of making web videos on stderr, in seconds of video.
  static func videoProgress(quiet: Bool) -> (@Sendable (VideoProgress) -> Void)? {
    guard let printer = progressPrinter(quiet: quiet) else { return nil }
    return { printer.report($0) }
  }

  /// The printer of progress on stderr, nil with `--quiet`; `waitsForFirstLine`
  /// as `ProgressPrinter` has it.
  static func progressPrinter(quiet: Bool, waitsForFirstLine: Bool = false) -> ProgressPrinter? {
    guard !quiet else { return nil }
    return ProgressPrinter(isTerminal: isatty(STDERR_FILENO) != 0, waitsForFirstLine: waitsForFirstLine) { text in
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  /// Starts libvips, or prints why it cannot and exits 1.
  static func codec() throws -> VipsCodec {
    do {
      return try VipsCodec(fileSystem: LocalFileSystem())
    } catch {
      Console.print(.error(error.message))
      throw ExitCode.failure
    }
  }

  /// ffmpeg and ffprobe from `PATH`, their capabilities remembered in the
  /// user's cache folder so an unchanged site starts no process.
  static func videoTool() -> FFmpegTool {
    FFmpegTool(cacheHome: cacheHome)
  }

  /// The XDG cache home: `$XDG_CACHE_HOME`, or `~/.cache`.
  static var cacheHome: String {
    let environment = ProcessInfo.processInfo.environment
    return environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.cache"
  }

  /// Starts exiv2, or prints why it cannot and exits 1.
  static func metadataReader() throws -> Exiv2Reader {
    do {
      return try Exiv2Reader()
    } catch {
      Console.print(.error(error.message))
      throw ExitCode.failure
    }
  }

  /// Opens `url` with the desktop's handler, if there is one.
  static func openInBrowser(_ url: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [ProcessInfo.processInfo.environment["BROWSER"] ?? "xdg-open", url]
    if (try? process.run()) == nil { print(.warning("cannot open a browser; visit \(url)")) }
  }

  /// Seconds per stage, for `--verbose`.
  static func timings(_ report: BuildReport) {
    for timing in report.timings {
      out(String(format: "  %-8@ %7.3f s", timing.stage as NSString, timing.seconds))
    }
  }

  /// The printer of every diagnostic a command shows, on stderr.
  static let diagnostics = DiagnosticPrinter { Console.error($0) }

  /// Every diagnostic, sorted by file and line (unless `sorted` is false: an
  /// edit's refusal is in the order to read), one compiler-style line each;
  /// warnings of one kind repeated in a file one line unless `verbose`.
  static func print(_ list: [Diagnostic], sorted: Bool = true, verbose: Bool = false) {
    diagnostics.print(list, sorted: sorted, verbose: verbose)
  }

  /// One diagnostic on its own line.
  static func print(_ diagnostic: Diagnostic) {
    diagnostics.print(diagnostic)
  }
}
