/// Text made safe to print on a terminal: a file name is anyone's, and one
/// holding ESC, BEL or a newline could clear the screen, retitle the window
/// or forge an `error:` line of its own. Every control character (C0, DEL,
/// C1) and every character that reorders what follows it (bidirectional
/// overrides and isolates, line and paragraph separators) is shown as an
/// escape instead: `\n`, `\t`, `\r`, `\x1B`, `\u{9B}`, `\u{202E}`. A byte of
/// a name that is not UTF-8 (`PathBytes`) is shown as U+FFFD.
package enum TerminalText {
  /// `text` with every such character escaped; text without one is returned as is.
  package static func escaped(_ text: String) -> String {
    let text = PathBytes.display(text)
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += scalar.value < 0x80 ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u{\(hex)}"
      }
    }
    return result
  }

  /// C0 controls, DEL and C1 controls; the bidirectional embeddings,
  /// overrides and isolates; the line and paragraph separators.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }
}
