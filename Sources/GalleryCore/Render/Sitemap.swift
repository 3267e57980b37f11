import Foundation

/// `sitemap.xml`: every listed page's URL, absolute when a base URL is set,
/// root-relative otherwise. Past the protocol's 50,000 URLs a file, the
/// URLs go into `sitemap-1.xml`, `sitemap-2.xml`, … at the root (a sitemap
/// may list only URLs at or below its own folder) and `sitemap.xml` becomes
/// their index.
package struct Sitemap {
  /// The sitemap protocol's limit of URLs in one file.
  static let limit = 50_000

  let files: [OutputFile]

  init(_ plan: OutputPlan, limit: Int = Self.limit) {
    let locations = plan.sitemapPaths.lazy.map { plan.baseURL + "/" + $0 }
    guard locations.count > limit else {
      files = [OutputFile(path: "sitemap.xml", data: Self.urlSet(locations))]
      return
    }
    let all = Array(locations)
    var parts: [OutputFile] = []
    for start in stride(from: 0, to: all.count, by: limit) {
      let part = all[start..<min(all.count, start + limit)]
      parts.append(OutputFile(path: "sitemap-\(parts.count + 1).xml", data: Self.urlSet(part)))
    }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    for part in parts {
      xml += "  <sitemap><loc>\(Self.escape(plan.baseURL + "/" + part.path))</loc></sitemap>\n"
    }
    xml += "</sitemapindex>\n"
    files = [OutputFile(path: "sitemap.xml", data: Data(xml.utf8))] + parts
  }

  /// The files `init` makes for `plan`, without making them.
  static func paths(_ plan: OutputPlan, limit: Int = Self.limit) -> [String] {
    let count = plan.handed.listedCount + plan.pages.lazy.filter(\.inSitemap).count
    guard count > limit else { return ["sitemap.xml"] }
    return ["sitemap.xml"] + (1...(count + limit - 1) / limit).map { "sitemap-\($0).xml" }
  }

  /// Whether `name` is one of the files a split sitemap adds at the root.
  package static func isPart(_ name: String) -> Bool {
    guard name.hasPrefix("sitemap-"), name.hasSuffix(".xml") else { return false }
    let number = name.dropFirst("sitemap-".count).dropLast(".xml".count)
    return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
  }

  /// Made into bytes of the exact size, a URL at a time: made as one
  /// growing string and then copied, the sitemap of 20,000 photos' pages was
  /// the peak of a staged build's memory (issue 24).
  private static func urlSet(_ locations: some Sequence<String>) -> Data {
    let head =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    let (open, close, end) = ("  <url><loc>", "</loc></url>\n", "</urlset>\n")
    var xml = Data()
    xml.reserveCapacity(
      locations.reduce(head.utf8.count + end.utf8.count) {
        $0 + open.utf8.count + escape($1).utf8.count + close.utf8.count
      })
    xml.append(contentsOf: head.utf8)
    for location in locations {
      xml.append(contentsOf: open.utf8)
      xml.append(contentsOf: escape(location).utf8)
      xml.append(contentsOf: close.utf8)
    }
    xml.append(contentsOf: end.utf8)
    return xml
  }

  private static func escape(_ text: String) -> String {
    // Few URLs hold one of these; Foundation's replacing costs a search of every URL for each.
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
    else { return text }
    return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
