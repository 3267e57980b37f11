import Foundation

@testable import GalleryCore

/// The file-system edge in memory: files, folders and symbolic links in a
/// dictionary, with the same errors the disk gives (`POSIXError`), so a whole
/// build runs without a temp folder. Modification times come from a counter
/// that every write advances, so "changed since" is exact.
package final class MemoryFileSystem: FileSystem, Sendable {
  package enum Node: Equatable {
    case file(Data, modified: Double)
    case folder
    case link(String)
  }

  private let state = Locked<(nodes: [String: Node], clock: Double, locks: Set<String>)>((["/": .folder], 1, []))

  package init(files: [String: String] = [:]) {
    for (path, text) in files { try? replace(path, with: Data(text.utf8), durable: false) }
  }

  /// Every node, for tests that compare whole trees.
  package var nodes: [String: Node] { state.current.nodes }

  package func symlink(_ path: String, to target: String) throws {
    try state.withLock { state in
      guard state.nodes[Self.parent(of: path)] == .folder else { throw POSIXError(.ENOENT) }
      guard state.nodes[path] == nil else { throw POSIXError(.EEXIST) }
      state.nodes[path] = .link(target)
    }
  }

  // Reading

  package func contents(of path: String) throws -> Data {
    try state.withLock { state in
      guard case .file(let data, _)? = state.nodes[try Self.resolve(path, in: state.nodes)] else {
        throw POSIXError(Self.exists(path, in: state.nodes) ? .EISDIR : .ENOENT)
      }
      return data
    }
  }

  package func prefix(of path: String, count: Int) throws -> Data { try contents(of: path).prefix(count) }

  package func read(_ path: String, inPiecesOf size: Int, _ body: (Data) -> Void) throws {
    let data = try contents(of: path)
    for start in stride(from: 0, to: data.count, by: size) { body(data[start..<min(start + size, data.count)]) }
  }

  package func exists(_ path: String) -> Bool { state.withLock { Self.exists(path, in: $0.nodes) } }

  package func isDirectory(_ path: String) -> Bool {
    state.withLock { state in (try? Self.resolve(path, in: state.nodes)).flatMap { state.nodes[$0] } == .folder }
  }

  package func entries(of path: String) throws -> [String] {
    try state.withLock { state in
      let folder = try Self.resolve(path, in: state.nodes)
      guard state.nodes[folder] == .folder else { throw POSIXError(.ENOTDIR) }
      return Self.children(of: folder, in: state.nodes).map { ($0 as NSString).lastPathComponent }.sorted()
    }
  }

  package func attributes(of path: String) throws -> FileAttributes {
    try state.withLock { state in
      switch state.nodes[try Self.resolve(path, in: state.nodes)] {
      case .file(let data, let modified)?: return FileAttributes(size: data.count, modified: modified)
      case .folder?: return FileAttributes(size: 0, modified: 0)
      default: throw POSIXError(.ENOENT)
      }
    }
  }

  /// A file in memory changes only by being written: its status changed when it was modified.
  package func status(of path: String) throws -> (attributes: FileAttributes, changed: Double) {
    let attributes = try attributes(of: path)
    return (attributes, attributes.modified)
  }

  package func entry(at path: String) -> FileEntry {
    state.withLock { state in
      let path = Self.clean(path)
      let isLink: Bool
      if case .link? = state.nodes[
        (try? Self.resolve(Self.parent(of: path), in: state.nodes)).map {
          Self.join($0, (path as NSString).lastPathComponent)
        } ?? path]
      {
        isLink = true
      } else {
        isLink = false
      }
      do {
        let real = try Self.resolve(path, in: state.nodes)
        switch state.nodes[real] {
        case .file?: return FileEntry(kind: .file, isLink: isLink, realPath: real)
        case .folder?: return FileEntry(kind: .folder, isLink: isLink, realPath: real)
        default: return FileEntry(kind: isLink ? .dangling : .missing, isLink: isLink, realPath: nil)
        }
      } catch let error as POSIXError where error.code == .ELOOP {
        return FileEntry(kind: .loop, isLink: isLink, realPath: nil)
      } catch {
        return FileEntry(kind: isLink ? .dangling : .missing, isLink: isLink, realPath: nil)
      }
    }
  }

  package func subpaths(of folder: String) throws -> [String] {
    try state.withLock { state in
      let root = try Self.resolve(folder, in: state.nodes)
      guard state.nodes[root] == .folder else { throw POSIXError(.ENOTDIR) }
      let prefix = root == "/" ? "/" : root + "/"
      return state.nodes.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
  }

  // Writing

  package func createFolder(_ path: String) throws {
    try state.withLock { state in
      var current = ""
      for part in Self.clean(path).split(separator: "/") {
        current = try Self.resolve(current + "/" + part, in: state.nodes)
        switch state.nodes[current] {
        case nil: state.nodes[current] = .folder
        case .folder?: continue
        default: throw POSIXError(.EEXIST)
        }
      }
    }
  }

  package func makeFolder(_ path: String) throws {
    try state.withLock { state in
      let target = try Self.resolve(path, in: state.nodes)
      guard state.nodes[Self.parent(of: target)] == .folder else { throw POSIXError(.ENOENT) }
      guard state.nodes[target] == nil else { throw POSIXError(.EEXIST) }
      state.nodes[target] = .folder
    }
  }

  package func create(_ path: String, with data: Data) throws {
    try state.withLock { state in
      let target = try Self.resolve(path, in: state.nodes)
      guard state.nodes[Self.parent(of: target)] == .folder else { throw POSIXError(.ENOENT) }
      guard state.nodes[target] != .folder else { throw POSIXError(.EISDIR) }
      state.clock += 1
      state.nodes[target] = .file(data, modified: state.clock)
    }
  }

  package func replace(_ path: String, with data: Data, durable: Bool) throws {
    try createFolder(Self.parent(of: Self.clean(path)))
    try state.withLock { state in
      let target = Self.join(
        try Self.resolve(Self.parent(of: Self.clean(path)), in: state.nodes), (path as NSString).lastPathComponent)
      guard state.nodes[target] != .folder else { throw POSIXError(.EISDIR) }
      state.clock += 1
      state.nodes[target] = .file(data, modified: state.clock)
    }
  }

  /// In memory nothing can come between the check and the store, so the
  /// check runs first and a throw stores nothing.
  package func replace(_ path: String, with data: Data, checking precondition: () throws -> Void) throws {
    try precondition()
    try replace(path, with: data, durable: true)
  }

  package func remove(_ path: String) throws {
    try state.withLock { state in
      let target = try Self.unfollowed(path, in: state.nodes)
      guard state.nodes[target] != nil else { throw POSIXError(.ENOENT) }
      for key in Self.subtree(of: target, in: state.nodes) { state.nodes[key] = nil }
    }
  }

  package func removeEmptyFolder(_ path: String) throws {
    try state.withLock { state in
      let target = try Self.unfollowed(path, in: state.nodes)
      guard state.nodes[target] == .folder else { throw POSIXError(.ENOTDIR) }
      guard Self.children(of: target, in: state.nodes).isEmpty else { throw POSIXError(.ENOTEMPTY) }
      state.nodes[target] = nil
    }
  }

  package func move(_ path: String, to target: String) throws { try move(path, to: target, replacing: true) }

  package func moveNew(_ path: String, to target: String) throws { try move(path, to: target, replacing: false) }

  package func exchange(_ first: String, _ second: String) throws -> Bool {
    try state.withLock { state in
      let a = try Self.unfollowed(first, in: state.nodes)
      let b = try Self.unfollowed(second, in: state.nodes)
      guard state.nodes[a] != nil, state.nodes[b] != nil else { throw POSIXError(.ENOENT) }
      let treeA = Self.subtree(of: a, in: state.nodes).map { ($0, state.nodes[$0]) }
      let treeB = Self.subtree(of: b, in: state.nodes).map { ($0, state.nodes[$0]) }
      for (key, _) in treeA + treeB { state.nodes[key] = nil }
      for (key, node) in treeA { state.nodes[b + key.dropFirst(a.count)] = node }
      for (key, node) in treeB { state.nodes[a + key.dropFirst(b.count)] = node }
      return true
    }
  }

  /// A copy: nothing in the build can tell a hard link from one.
  package func link(_ source: String, to target: String) throws {
    let data = try contents(of: source)
    if exists(target) { throw POSIXError(.EEXIST) }
    try create(target, with: data)
  }

  package func lock(_ folder: String, waiting: () -> Void) throws -> FolderLock {
    let key = Self.clean(folder)
    var told = false
    while !state.withLock({ $0.locks.insert(key).inserted }) {
      if !told { waiting() }
      told = true
      usleep(1000)
    }
    return FolderLock { [state] in _ = state.withLock { $0.locks.remove(key) } }
  }

  /// Nothing here is ever killed halfway, so every temporary name is stale.
  package func removeStaleTemporaries(in folder: String) {
    for name in (try? entries(of: folder)) ?? [] where name.hasPrefix(".tmp-") {
      try? remove(Self.join(Self.clean(folder), name))
    }
  }

  package func temporaryPath(for path: String) -> String {
    let number = state.withLock { state in
      state.clock += 1
      return Int(state.clock)
    }
    return Self.join(Self.parent(of: Self.clean(path)), ".tmp-\(number)-" + (path as NSString).lastPathComponent)
  }

  private func move(_ path: String, to target: String, replacing: Bool) throws {
    try state.withLock { state in
      let from = try Self.unfollowed(path, in: state.nodes)
      let to = try Self.unfollowed(target, in: state.nodes)
      guard let node = state.nodes[from] else { throw POSIXError(.ENOENT) }
      guard state.nodes[Self.parent(of: to)] == .folder else { throw POSIXError(.ENOENT) }
      if let existing = state.nodes[to] {
        guard replacing else { throw POSIXError(.EEXIST) }
        if existing == .folder, node != .folder { throw POSIXError(.EISDIR) }
        if existing == .folder, !Self.children(of: to, in: state.nodes).isEmpty { throw POSIXError(.ENOTEMPTY) }
      }
      let tree = Self.subtree(of: from, in: state.nodes).map { ($0, state.nodes[$0]) }
      for (key, _) in tree { state.nodes[key] = nil }
      state.nodes[to] = nil
      for (key, value) in tree { state.nodes[to + key.dropFirst(from.count)] = value }
    }
  }

  // Paths

  private static func clean(_ path: String) -> String {
    "/" + path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }

  private static func parent(of path: String) -> String {
    let parent = (clean(path) as NSString).deletingLastPathComponent
    return parent.isEmpty ? "/" : parent
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }

  private static func exists(_ path: String, in nodes: [String: Node]) -> Bool {
    (try? resolve(path, in: nodes)).flatMap { nodes[$0] } != nil
  }

  /// The path with its folders' links resolved but not a link at its end.
  private static func unfollowed(_ path: String, in nodes: [String: Node]) throws -> String {
    let path = clean(path)
    return path == "/" ? path : join(try resolve(parent(of: path), in: nodes), (path as NSString).lastPathComponent)
  }

  /// The path with every link resolved, `..` applied; ELOOP after 40 links.
  private static func resolve(_ path: String, in nodes: [String: Node], depth: Int = 0) throws -> String {
    guard depth < 40 else { throw POSIXError(.ELOOP) }
    var resolved = "/"
    let parts = clean(path).split(separator: "/").map(String.init)
    var index = 0
    while index < parts.count {
      let part = parts[index]
      index += 1
      if part == ".." {
        resolved = parent(of: resolved)
        continue
      }
      let next = join(resolved, part)
      if case .link(let target)? = nodes[next] {
        let absolute = target.hasPrefix("/") ? target : join(resolved, target)
        let rest = parts[index...].joined(separator: "/")
        return try resolve(rest.isEmpty ? absolute : absolute + "/" + rest, in: nodes, depth: depth + 1)
      }
      resolved = next
    }
    return resolved
  }

  private static func children(of folder: String, in nodes: [String: Node]) -> [String] {
    let prefix = folder == "/" ? "/" : folder + "/"
    return nodes.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
  }

  private static func subtree(of path: String, in nodes: [String: Node]) -> [String] {
    nodes.keys.filter { $0 == path || $0.hasPrefix(path + "/") }
  }
}
