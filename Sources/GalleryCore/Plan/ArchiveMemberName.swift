/// A file's name as a zip member's: one a user can unpack anywhere. A photo's
/// name is anyone's, and unzip tools differ in what they make of one, so
/// nothing is left to them: no control characters (an ESC or BEL in a name
/// broke the zip), no folder separators (`/`, `\`), no drive letters or
/// streams (`:`), none of the characters Windows refuses (`*?"<>|`), no `.`
/// or `..`, no dots or spaces at the end (Windows drops them), and no name
/// Windows keeps for a device (`CON`, `PRN`, `AUX`, `NUL`, `COM1`, `LPT1`,
/// with any extension). `UniqueNames` then tells apart names that came out alike.
enum ArchiveMemberName {
  /// `name` with every such character made `_` (and every byte that is not
  /// UTF-8, `PathBytes`), a device name prefixed by `_`; "file" when nothing is left.
  static func safe(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      if TerminalText.needsEscape(scalar) || forbidden.contains(scalar) || PathBytes.isEscape(scalar) {
        result += "_"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    while let last = result.last, last == "." || last == " " { result.removeLast() }
    if result.isEmpty { return "file" }
    let device = result.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    if reserved.contains(device.trimmingSpaces.uppercased()) { result = "_" + result }
    return result
  }

  private static let forbidden: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]

  /// The names Windows gives its devices, whatever follows the first dot.
  private static let reserved: Set<String> = Set(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
      + (0...9).flatMap { ["COM\($0)", "LPT\($0)"] } + ["¹", "²", "³"].flatMap { ["COM\($0)", "LPT\($0)"] })
}

extension Substring {
  /// Without the spaces at its end.
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
