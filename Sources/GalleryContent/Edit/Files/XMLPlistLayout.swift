/// Where each value of an XML property list lies in the file's bytes, so an
/// edit can replace exactly one string's text and leave every other byte,
/// comment and indentation as it was. Scans a file `PlistReader` has already
/// accepted, so it only finds boundaries and never judges syntax.
struct XMLPlistLayout {
  /// One value element (`<dict>`, `<array>`, `<string>`, …).
  struct Element {
    var name: String
    /// From `<` of the opening tag to just past `>` of the closing one.
    var range: Range<Int>
    /// Between the two tags; nil for an empty-element tag (`<string/>`).
    var content: Range<Int>?
    /// A dictionary's keys, each with its `<key>…</key>` range, in file order.
    var keys: [(name: String, range: Range<Int>)] = []
    /// An array's items, or a dictionary's values (one per key).
    var children: [Element] = []

    /// The value of the last `key` (the one readers use), with its index.
    func value(for key: String) -> (index: Int, element: Element)? {
      guard let index = keys.lastIndex(where: { $0.name == key }), index < children.count else { return nil }
      return (index, children[index])
    }
  }

  var root: Element

  /// The layout of `bytes`; nil where the file uses what this scanner does
  /// not follow (a DOCTYPE with its own entity definitions).
  init?(_ bytes: [UInt8]) {
    var scanner = Scanner(bytes: bytes)
    guard let root = scanner.scan() else { return nil }
    self.root = root
  }

  /// Walks the tags in order, keeping the elements still open on a stack.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var stack: [Element] = []
    var root: Element?

    mutating func scan() -> Element? {
      while let open = next(UInt8(ascii: "<")) {
        index = open
        if skip("<?", to: "?>") || skip("<!--", to: "-->") || skip("<![CDATA[", to: "]]>") { continue }
        if starts("<!") {
          guard let end = next(UInt8(ascii: ">")), !bytes[open..<end].contains(UInt8(ascii: "[")) else { return nil }
          index = end + 1
          continue
        }
        guard let close = next(UInt8(ascii: ">")) else { return nil }
        index = close + 1
        tag(open..<index)
      }
      return root
    }

    /// One tag spanning `range`: opens, closes, or is an empty element.
    mutating func tag(_ range: Range<Int>) {
      let closing = bytes[range.lowerBound + 1] == UInt8(ascii: "/")
      let empty = bytes[range.upperBound - 2] == UInt8(ascii: "/")
      let nameStart = range.lowerBound + (closing ? 2 : 1)
      var nameEnd = nameStart
      while nameEnd < range.upperBound, !" \t\r\n/>".utf8.contains(bytes[nameEnd]) { nameEnd += 1 }
      let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
      guard name != "plist" else { return }
      if closing {
        guard var element = stack.popLast() else { return }
        element.content = (element.content?.lowerBound ?? element.range.upperBound)..<range.lowerBound
        element.range = element.range.lowerBound..<range.upperBound
        finish(element)
      } else if empty {
        finish(Element(name: name, range: range, content: nil))
      } else {
        stack.append(Element(name: name, range: range, content: range.upperBound..<range.upperBound))
      }
    }

    /// Hands a complete element to the one around it, or makes it the root.
    mutating func finish(_ element: Element) {
      guard !stack.isEmpty else {
        if root == nil { root = element }
        return
      }
      if element.name == "key" {
        let text = element.content.map { XMLText.decode(bytes[$0]) } ?? ""
        stack[stack.count - 1].keys.append((text, element.range))
      } else {
        stack[stack.count - 1].children.append(element)
      }
    }

    func next(_ byte: UInt8) -> Int? { bytes[index...].firstIndex(of: byte) }

    func starts(_ text: String) -> Bool { bytes[index...].starts(with: text.utf8) }

    /// Moves past a construct that starts with `opening` and ends with `closing`.
    mutating func skip(_ opening: String, to closing: String) -> Bool {
      guard starts(opening) else { return false }
      let end = Array(closing.utf8)
      var position = index + opening.utf8.count
      while position < bytes.count, !bytes[position...].starts(with: end) { position += 1 }
      index = min(position + end.count, bytes.count)
      return true
    }
  }
}
