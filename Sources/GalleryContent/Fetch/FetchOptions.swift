import GalleryCore

/// What `catgallery fetch` is asked to do.
public struct FetchOptions: Sendable {
  /// The parts of a site's data `--only` can pick.
  public enum Part: String, Sendable, Hashable, CaseIterable {
    case breeds, photos, cats, facts
  }

  /// The folder holding content/.
  public var siteRoot: String
  public var parts: Set<Part> = Set(Part.allCases)
  /// Overrides `photos_per_breed` in site.yml.
  public var photosPerBreed: Int?
  /// Ask, compare, report; write nothing.
  public var dryRun = false
  /// Write what succeeded even when a part failed (each failure still an error).
  public var keepGoing = false
  /// Replace content/cats.json by the restdb collection even though it holds
  /// cats that are not in the collection (added by `init` or `cats add`
  /// without restdb); without it such a fetch is refused.
  public var replaceLocal = false
  /// Where API keys are read from, by the variable names site.yml gives.
  public var environment: [String: String] = [:]
  /// Hosts besides the documented API hosts that may be sent a key (`--allow-key-host`).
  public var allowedKeyHosts: [String] = []
  /// Requests done and bytes received so far, for a progress line.
  public var progress: (@Sendable (FetchProgress) -> Void)?

  public init(siteRoot: String) {
    self.siteRoot = siteRoot
  }
}

/// How far a fetch has got, for the progress line.
public struct FetchProgress: ProgressReport {
  package var requests: Int
  public var bytes: Int
  /// Seconds since the fetch started.
  public var elapsed: Double
  /// Photos found on disk or downloaded, of those the sources list (known
  /// once the listings are in; 0 before).
  package var photos = 0
  package var photosTotal = 0

  public static let label = "fetch"
  /// Never: the reports cannot tell the last request; `ProgressPrinter.finish` ends the line.
  public var isFinished: Bool { false }
  public var terminalLine: String { "fetch: " + bar() }

  /// `42 requests, 3.1 MB, 1.2 MB/s`, after `120/347 photos · ` once photos are counted.
  public var line: String {
    let megabytes = Double(bytes) / 1_048_576
    let rate = elapsed > 0 ? megabytes / elapsed : 0
    let counts = "\(requests) requests, \(String(format: "%.1f", megabytes)) MB, \(String(format: "%.1f", rate)) MB/s"
    return photosTotal > 0 ? "\(photos)/\(photosTotal) photos · " + counts : counts
  }

  /// `[#######.......] ` and the line, for a terminal; the bar fills with the
  /// photos, the one part of a fetch whose size is known ahead.
  package func bar(width: Int = 20) -> String {
    guard photosTotal > 0 else { return line }
    let filled = width * min(photos, photosTotal) / photosTotal
    return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] " + line
  }
}
