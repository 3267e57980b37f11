import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads XML and binary property lists into `Node`s. XML plists keep the line of
/// every value; binary ones have no lines, so their locations carry key paths.
/// Arrays and dictionaries nest at most `TextLimits.depth` levels, as in JSON:
/// deeper trees are an error, never a stack overflow further on.
package enum PlistReader {
  static let depthMessage = "property list nested deeper than \(TextLimits.depth) levels"

  package static func parse(_ data: Data, file: String) throws(DiagnosticsError) -> Node {
    if data.starts(with: Array("bplist".utf8)) {
      return try parseBinary(data, file: file)
    }
    // Foundation's XMLParser traps on element and attribute names that are not
    // UTF-8 (found by fuzzing), so such bytes never reach it. Plists are UTF-8;
    // libxml2 turns UTF-16 ones (with a byte order mark) into UTF-8 itself.
    if !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]), let line = firstInvalidUTF8Line(data) {
      throw DiagnosticsError([
        .error("property list is not valid UTF-8", at: SourceLocation(file: file, line: line))
      ])
    }
    if let line = emptyInstructionLine(data) {
      throw DiagnosticsError([
        .error(
          "processing instruction without data (<?name?>) in a property list",
          at: SourceLocation(file: file, line: line))
      ])
    }
    let builder = XMLPlistBuilder(file: file)
    let parser = XMLParser(data: data)
    parser.delegate = builder
    parser.shouldResolveExternalEntities = false
    let ok = parser.parse()
    if let failure = builder.failure { throw DiagnosticsError([failure]) }
    guard ok, let root = builder.root else {
      let line = max(builder.errorLine ?? parser.lineNumber, 1)
      let reason = (builder.parseError ?? parser.parserError).map { Self.describe($0) } ?? "not a property list"
      throw DiagnosticsError([
        .error("malformed property list: \(reason)", at: SourceLocation(file: file, line: line))
      ])
    }
    return root
  }

  /// The line of the first byte sequence in `data` that is not UTF-8, or nil.
  private static func firstInvalidUTF8Line(_ data: Data) -> Int? {
    var line = 1
    var bytes = data.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&bytes) {
      case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
      case .emptyInput: return nil
      case .error: return line
      }
    }
  }

  /// The line of the first `<?name?>`: XMLParser dereferences the missing data of
  /// such a processing instruction and crashes (found by fuzzing). Plists have none.
  private static func emptyInstructionLine(_ data: Data) -> Int? {
    let bytes = [UInt8](data)
    var line = 1
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") { line += 1 }
      if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
        var end = index + 2
        while end < bytes.count, !" \t\r\n?>".utf8.contains(bytes[end]) { end += 1 }
        if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">")
        {
          return line
        }
      }
      index += 1
    }
    return nil
  }

  /// Plain words for libxml2's commonest complaints; the code for the rest.
  private static func describe(_ error: Error) -> String {
    switch (error as NSError).code {
    case 4: "the file is empty"
    case 5: "unexpected end of file"
    case 76: "mismatched closing tag"
    case 9, 73: "an element is not closed properly"
    default: "the XML is not well-formed (libxml2 error \((error as NSError).code))"
    }
  }

  private static func parseBinary(_ data: Data, file: String) throws(DiagnosticsError) -> Node {
    let object: Any
    do {
      guard BinaryPlistCheck.isAcceptable(data) else { throw CocoaError(.propertyListReadCorrupt) }
      object = try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw DiagnosticsError([
        .error("malformed binary property list", at: SourceLocation(file: file))
      ])
    }
    // Foundation refuses binary plists more than 513 containers deep and ones
    // that contain themselves; the walk below refuses the last level it allows.
    return try node(from: object, file: file, path: "", depth: 0)
  }

  private static func node(from object: Any, file: String, path: String, depth: Int) throws(DiagnosticsError)
    -> Node
  {
    let location = SourceLocation(file: file, keyPath: path.isEmpty ? "root" : path)
    if depth >= TextLimits.depth, object is [Any] || object is [String: Any] {
      throw DiagnosticsError([.error(depthMessage, at: SourceLocation(file: file))])
    }
    switch object {
    case let value as String: return Node(.string(value), at: location)
    case let value as Bool where type(of: object) == Bool.self: return Node(.bool(value), at: location)
    case let value as Int: return Node(.integer(value), at: location)
    case let value as Double: return Node(.double(value), at: location)
    case let value as Date: return Node(.date(value), at: location)
    case let value as Data: return Node(.data(value), at: location)
    case let value as [Any]:
      var items: [Node] = []
      for (index, item) in value.enumerated() {
        items.append(try node(from: item, file: file, path: "\(path)[\(index)]", depth: depth + 1))
      }
      return Node(.array(items), at: location)
    case let value as [String: Any]:
      var pairs: [(key: String, value: Node)] = []
      for key in value.keys.sorted() {
        pairs.append((key, try node(from: value[key] as Any, file: file, path: "\(path).\(key)", depth: depth + 1)))
      }
      return Node(.dictionary(pairs), at: location)
    default:
      return Node(.null, at: location)
    }
  }
}
