/// Shrinks the theme's own JavaScript without changing what it does: comments go, and
/// whitespace stays only where two tokens would merge or where a line break may end a
/// statement, and a semicolon just before `}` goes unless it is an empty statement (`if (a) ;`).
/// Strings, template literals and regular expressions are copied as they are.
/// Made for the parts in templates/js/, not for any script: a `/` after `)`, `]`, `}`, `++`,
/// `--`, a name or a value is division, anywhere else it starts a regular expression.
package struct ScriptMinifier {
  private let source: [UInt8]
  private var index = 0
  private var output: [UInt8] = []
  private var pendingSpace = false
  private var pendingNewline = false
  /// Whether a `/` here would start a regular expression.
  private var regexAllowed = true
  /// The last token, when it was a name or keyword.
  private var lastWord: String?
  /// For each open `(`: whether it follows `if`, `for`, `while` or `with`.
  private var parenHeads: [Bool] = []
  /// Whether the last `)` closed the head of `if`, `for`, `while` or `with`.
  private var closedControlHead = false
  /// Where in the output an empty statement's `;` stands, which a `}` must not remove.
  private var emptyStatement: Int?

  /// The text minified; see the type's note for what it keeps.
  package static func minify(_ text: String) -> String {
    var minifier = ScriptMinifier(source: Array(text.utf8))
    minifier.code(untilBrace: false)
    return String(decoding: minifier.output, as: UTF8.self)
  }

  private init(source: [UInt8]) { self.source = source }

  private static let keywordsBeforeValue: Set<String> = [
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
    "else", "yield", "await",
  ]

  /// Code up to the end, or up to the `}` closing a template literal's `${`.
  private mutating func code(untilBrace: Bool) {
    var depth = 0
    while index < source.count {
      let byte = source[index]
      let next = index + 1 < source.count ? source[index + 1] : 0
      switch byte {
      case .space, .tab, .carriageReturn:
        pendingSpace = true
        index += 1
      case .newline:
        pendingNewline = true
        index += 1
      case .slash where next == .slash:
        while index < source.count, source[index] != .newline { index += 1 }
      case .slash where next == .star:
        let start = index
        index += 2
        while index + 1 < source.count, !(source[index] == .star && source[index + 1] == .slash) {
          index += 1
        }
        index += 2
        if source[start..<min(index, source.count)].contains(.newline) {
          pendingNewline = true
        } else {
          pendingSpace = true
        }
      case .singleQuote, .doubleQuote:
        emit(quoted(by: byte), regexAfter: false)
      case .slash where regexAllowed:
        emit(regularExpression(), regexAfter: false)
      case .backtick:
        templateLiteral()
      case _ where byte.isNamePart:
        let start = index
        while index < source.count, source[index].isNamePart { index += 1 }
        let word = String(decoding: source[start..<index], as: UTF8.self)
        emit(Array(source[start..<index]), regexAfter: Self.keywordsBeforeValue.contains(word))
        lastWord = word
      default:
        if byte == .openBrace { depth += 1 }
        if byte == .closeBrace {
          if untilBrace && depth == 0 { return }
          depth -= 1
        }
        index += 1
        punctuator(byte)
      }
    }
  }

  /// Appends one punctuation byte, keeping track of what decides whether a `/` after it is
  /// division and whether a `;` before a `}` may go.
  private mutating func punctuator(_ byte: UInt8) {
    if byte == .openParen { parenHeads.append(["if", "for", "while", "with"].contains(lastWord)) }
    if byte == .closeParen { closedControlHead = parenHeads.popLast() ?? false }
    if byte == .semicolon
      && ((output.last == .closeParen && closedControlHead) || lastWord == "else")
    {
      emptyStatement = output.count
    }
    // A semicolon before a closing brace ends nothing the brace does not, unless it is
    // an empty statement: `if(a);}` without it is a syntax error.
    if byte == .closeBrace && output.last == .semicolon && emptyStatement != output.count - 1 {
      output.removeLast()
    }
    // `++` and `--` end an operand (a prefix one cannot apply to a regular expression).
    let doubled =
      (byte == .plus || byte == .minus) && output.last == byte && !pendingSpace && !pendingNewline
    emit([byte], regexAfter: ![.closeParen, .closeBracket, .closeBrace].contains(byte) && !doubled)
  }

  /// Appends a token, after the whitespace it needs from the one before, if any.
  private mutating func emit(_ token: [UInt8], regexAfter: Bool) {
    if let last = output.last, let first = token.first, pendingSpace || pendingNewline {
      // A line break ends a statement where the grammar allows (automatic semicolon
      // insertion), except after an opening bracket, comma or semicolon, or before
      // a closing bracket, comma, semicolon or dot.
      let lineBreakMatters =
        pendingNewline && ![.openBrace, .openParen, .openBracket, .comma, .semicolon].contains(last)
        && ![.closeBrace, .closeParen, .closeBracket, .comma, .semicolon, .dot].contains(first)
      if lineBreakMatters {
        output.append(.newline)
      } else if (last.isNamePart && first.isNamePart) || (last == first && (first == .plus || first == .minus))
        || (last.isDigit && first == .dot)
        // Neither `<!--` nor `-->` may appear: in a classic script both start a comment.
        || (last == .lessThan && first == .bang) || (last == .minus && first == .greaterThan)
      {
        output.append(.space)
      }
    }
    pendingSpace = false
    pendingNewline = false
    output += token
    regexAllowed = regexAfter
    lastWord = nil
  }

  /// A string literal from its opening quote through its closing one.
  private mutating func quoted(by quote: UInt8) -> [UInt8] {
    let start = index
    index += 1
    while index < source.count, source[index] != quote, source[index] != .newline {
      index += source[index] == .backslash ? 2 : 1
    }
    index = min(index + 1, source.count)
    return Array(source[start..<index])
  }

  /// A regular expression literal with its flags; a `/` inside `[…]` does not end it.
  private mutating func regularExpression() -> [UInt8] {
    let start = index
    var inClass = false
    index += 1
    while index < source.count, source[index] != .newline {
      let byte = source[index]
      if byte == .backslash {
        index += 2
        continue
      }
      index += 1
      if byte == .openBracket { inClass = true }
      if byte == .closeBracket { inClass = false }
      if byte == .slash && !inClass { break }
    }
    while index < source.count, source[index].isNamePart { index += 1 }
    return Array(source[start..<min(index, source.count)])
  }

  /// A template literal: its text as it is, the code in each `${…}` minified.
  private mutating func templateLiteral() {
    emit([.backtick], regexAfter: false)
    index += 1
    while index < source.count {
      let byte = source[index]
      if byte == .backslash {
        output += source[index..<min(index + 2, source.count)]
        index += 2
      } else if byte == .dollar, index + 1 < source.count, source[index + 1] == .openBrace {
        output += [.dollar, .openBrace]
        index += 2
        regexAllowed = true
        code(untilBrace: true)
        pendingSpace = false
        pendingNewline = false
        output.append(.closeBrace)
        index += 1
      } else {
        output.append(byte)
        index += 1
        if byte == .backtick { break }
      }
    }
    regexAllowed = false
  }
}

extension UInt8 {
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let newline = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let doubleQuote = UInt8(ascii: "\"")
  fileprivate static let dollar = UInt8(ascii: "$")
  fileprivate static let singleQuote = UInt8(ascii: "'")
  fileprivate static let openParen = UInt8(ascii: "(")
  fileprivate static let closeParen = UInt8(ascii: ")")
  fileprivate static let bang = UInt8(ascii: "!")
  fileprivate static let lessThan = UInt8(ascii: "<")
  fileprivate static let greaterThan = UInt8(ascii: ">")
  fileprivate static let star = UInt8(ascii: "*")
  fileprivate static let plus = UInt8(ascii: "+")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let minus = UInt8(ascii: "-")
  fileprivate static let dot = UInt8(ascii: ".")
  fileprivate static let slash = UInt8(ascii: "/")
  fileprivate static let semicolon = UInt8(ascii: ";")
  fileprivate static let openBracket = UInt8(ascii: "[")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let closeBracket = UInt8(ascii: "]")
  fileprivate static let backtick = UInt8(ascii: "`")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")

  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

  /// Letters, digits, `_`, `$` and any byte of a non-ASCII character.
  fileprivate var isNamePart: Bool {
    isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z")) || self == .dollar
      || self == UInt8(ascii: "_") || self >= 0x80
  }
}
