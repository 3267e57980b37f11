/// The feed as Atom XML (RFC 4287): each entry with its id, title, updated,
/// link, summary and, for a photo, the photo in its content and as an enclosure.
extension AtomFeed {
  var xml: String {
    var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(Self.escape(language))\">\n"
    xml += "  <id>\(Self.escape(home))</id>\n"
    xml += "  <title>\(Self.escape(title))</title>\n"
    xml += "  <subtitle>\(Self.escape(subtitle))</subtitle>\n"
    xml += "  <updated>\(updated.utc)</updated>\n"
    xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(Self.escape(address))\"/>\n"
    xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(home))\"/>\n"
    // Atom requires an author; the site names none but itself.
    xml += "  <author><name>\(Self.escape(title))</name></author>\n"
    for entry in entries {
      xml += "  <entry>\n"
      xml += "    <id>\(Self.escape(entry.url))</id>\n"
      xml += "    <title>\(Self.escape(entry.title))</title>\n"
      xml += "    <updated>\(entry.updated.text)</updated>\n"
      xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(entry.url))\"/>\n"
      xml += "    <summary type=\"text\">\(Self.escape(entry.summary))</summary>\n"
      if let image = entry.image {
        xml += "    <link rel=\"enclosure\" type=\"\(image.type)\" href=\"\(Self.escape(image.src))\"/>\n"
        xml += "    <content type=\"html\">\(Self.escape(Self.html(image, caption: entry.summary)))</content>\n"
      }
      xml += "  </entry>\n"
    }
    xml += "</feed>\n"
    return xml
  }

  /// The photo and its caption as HTML, which the feed carries escaped.
  static func html(_ image: LinkPreview.Image, caption: String) -> String {
    let escape = HTMLEscape()
    return "<p><img src=\"\(escape.escapeText(image.src))\" width=\"\(image.width)\" height=\"\(image.height)\""
      + " alt=\"\(escape.escapeText(image.alt ?? ""))\"></p><p>\(escape.escapeText(caption))</p>"
  }

  /// `text` as XML character data or an attribute value. Characters XML 1.0
  /// cannot hold at all (C0 controls but tab and line breaks, U+FFFE, U+FFFF)
  /// are left out: one would make the whole feed unreadable.
  static func escape(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
