import Foundation
import GalleryCore

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when anything under some folders changes: inotify on Linux, polling of
/// sizes and modification times elsewhere (or when inotify is unavailable).
/// Bursts of events (an editor's save, a copied folder) are merged into one call.
final class Watcher: @unchecked Sendable {
  /// How long a burst is merged once it holds a finished save (a file closed
  /// after writing, or moved into place): what belongs to that save has come,
  /// so an edit is reported at once rather than after `debounce`.
  static let settle = 0.005
  let folders: [String]
  let fileSystem: FileSystem
  let debounce: Double
  let onChange: @Sendable (Set<String>) -> Void
  private var stopped = false
  private let lock = NSLock()

  convenience init(
    folders: [String], fileSystem: FileSystem, debounce: Double = 0.05,
    onChange: @escaping @Sendable () -> Void
  ) {
    self.init(folders: folders, fileSystem: fileSystem, debounce: debounce, onChanges: { _ in onChange() })
  }

  /// `onChanges` gets the paths the merged burst touched: files and folders, each as a watched
  /// folder followed by the path below it (what a test needs to tell one report from another).
  init(
    folders: [String], fileSystem: FileSystem, debounce: Double = 0.05,
    onChanges: @escaping @Sendable (Set<String>) -> Void
  ) {
    self.folders = folders
    self.fileSystem = fileSystem
    self.debounce = debounce
    self.onChange = onChanges
  }

  /// Starts watching on a background thread, and returns once it is watching: every change made
  /// after `start()` returns is reported (the inotify watches, or the polling's first snapshot,
  /// are in place). Changes made before it returns may be reported or not.
  func start() {
    let ready = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      #if os(Linux)
        if watchWithInotify(ready: ready) { return }
      #endif
      watchByPolling(ready: ready)
    }
    thread.name = "catgallery-watcher"
    thread.start()
    ready.wait()
  }

  func stop() { lock.withLock { stopped = true } }
  private var isStopped: Bool { lock.withLock { stopped } }

  /// Every folder below the watched ones (inotify watches are not recursive).
  func allFolders() -> [String] {
    var result: [String] = []
    for root in folders where fileSystem.exists(root) {
      result.append(root)
      for path in (try? fileSystem.subpaths(of: root)) ?? [] where fileSystem.isDirectory(Path.join(root, path)) {
        result.append(Path.join(root, path))
      }
    }
    return result
  }

  func snapshot() -> [String: FileAttributes] { Self.snapshot(of: folders, in: fileSystem) }

  /// Size and modification time of every file below `folders`.
  static func snapshot(of folders: [String], in fileSystem: FileSystem) -> [String: FileAttributes] {
    var result: [String: FileAttributes] = [:]
    for root in folders {
      for path in (try? fileSystem.subpaths(of: root)) ?? [] {
        let full = Path.join(root, path)
        if let attributes = try? fileSystem.attributes(of: full) { result[full] = attributes }
      }
    }
    return result
  }

  /// Signals `ready` once the first snapshot is taken.
  private func watchByPolling(ready: DispatchSemaphore) {
    var last = snapshot()
    ready.signal()
    while !isStopped {
      Thread.sleep(forTimeInterval: 0.25)
      let now = snapshot()
      if now != last {
        Thread.sleep(forTimeInterval: debounce)
        let settled = snapshot()
        onChange(Set(settled.keys).union(last.keys).filter { settled[$0] != last[$0] })
        last = settled
      }
    }
  }

  #if os(Linux)
    /// Returns false when inotify cannot be used, so the caller falls back to polling (and
    /// `ready` is not signalled); otherwise signals `ready` once the watches are in place.
    private func watchWithInotify(ready: DispatchSemaphore) -> Bool {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC))
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)
      var watched: Set<String> = []
      var folderOf: [Int32: String] = [:]
      func addWatches() {
        // Again until a walk finds no new folder: one made inside a new folder
        // after the walk listed it but before its watch was added gives no
        // event, and only a walk after the watch finds it.
        var added = true
        while added {
          added = false
          for folder in allFolders() where !watched.contains(folder) {
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 {
              watched.insert(folder)
              folderOf[watch] = folder
              added = true
            }
          }
        }
        // A watched folder made later (templates/ after `init`): its parent
        // tells when it appears. Other entries there change no input, and a
        // rebuild that finds no input changed does nothing.
        for folder in folders where !fileSystem.exists(folder) {
          let parent = (folder as NSString).deletingLastPathComponent
          guard !watched.contains(parent) else { continue }
          let watch = inotify_add_watch(descriptor, parent, UInt32(IN_CREATE | IN_MOVED_TO))
          if watch >= 0 {
            watched.insert(parent)
            folderOf[watch] = parent
          }
        }
      }
      addWatches()
      guard !watched.isEmpty else { return false }
      ready.signal()
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      /// Reads the waiting events into `paths`, whether one was a finished
      /// save into `saved`, and whether a folder may have come into `folders`;
      /// false when there were none.
      func drain(into paths: inout Set<String>, saved: inout Bool, folders: inout Bool) -> Bool {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return false }
        let events = Self.events(in: buffer.prefix(count), folderOf: folderOf)
        paths.formUnion(events.paths)
        saved = saved || events.saved
        folders = folders || events.folders
        return true
      }
      while !isStopped {
        var paths: Set<String> = []
        var saved = false
        var folders = false
        // Wake up now and then to notice stop().
        guard poll(&poller, 1, 500) > 0, drain(into: &paths, saved: &saved, folders: &folders) else { continue }
        // Merge the burst: keep draining until quiet for `debounce`, or for
        // `settle` once a save has finished.
        while poll(&poller, 1, Int32((saved ? Self.settle : debounce) * 1000)) > 0 {
          _ = drain(into: &paths, saved: &saved, folders: &folders)
        }
        // Listing every folder again costs a walk of the tree (thousands of
        // photos) before the rebuild starts: only when one may be new.
        if folders { addWatches() }
        onChange(paths)
      }
      return true
    }

    /// The paths named by the inotify events in `bytes`: each event's watched folder, then its
    /// name when it has one. Events of a folder no longer known are skipped. `saved`: one of
    /// them was a file closed after writing or moved in. `folders`: a folder was made or moved
    /// in, or events were lost (the queue overflowed), so the watches must be looked at again.
    static func events(in bytes: ArraySlice<UInt8>, folderOf: [Int32: String]) -> (
      paths: Set<String>, saved: Bool, folders: Bool
    ) {
      let header = MemoryLayout<inotify_event>.size
      let finished = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
      let arrived = UInt32(IN_CREATE | IN_MOVED_TO)
      var result: Set<String> = []
      var saved = false
      var folders = false
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset + header <= raw.count {
          let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let name = raw[(offset + header)..<min(offset + header + length, raw.count)].prefix { $0 != 0 }
          if mask & UInt32(IN_Q_OVERFLOW) != 0 || (mask & UInt32(IN_ISDIR) != 0 && mask & arrived != 0) {
            folders = true
          }
          if let folder = folderOf[watch] {
            result.insert(name.isEmpty ? folder : Path.join(folder, String(decoding: name, as: UTF8.self)))
            if !name.isEmpty, mask & finished != 0 { saved = true }
          }
          offset += header + length
        }
      }
      return (result, saved, folders)
    }
  #endif
}
