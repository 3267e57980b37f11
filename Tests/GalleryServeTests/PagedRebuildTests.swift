import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput
@testable import GalleryServe

/// `serve` and paged albums: the Plan stage pages the album anew on every
/// rebuild, so an edit that moves items across a page boundary renders the
/// pages whose items changed (and the items' own pages, whose link back
/// names their page), removes a page no longer needed, and leaves the site a
/// fresh build would make.
@Suite("Paged albums under serve")
struct PagedRebuildTests {
  static func categories(_ names: [String]) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><array><dict>
    <key>CategoryTitle</key><string>Big</string>
    <key>ImageNames</key><array>\(names.map { "<string>\($0)</string>" }.joined())</array>
    </dict><dict>
    <key>CategoryTitle</key><string>Small</string>
    <key>ImageNames</key><array><string>s1</string><string>s2</string><string>s3</string></array>
    </dict></array></plist>
    """
  }

  static func ids(_ html: String?) -> [String] {
    (html ?? "").matches(of: #/<a class="thumb" href="[^"]*" data-id="categories/big/([^"/]*)/"/#).map {
      String($0.output.1)
    }
  }

  @Test("removing the first item moves one across each boundary and drops the last page")
  func moveAcross() throws {
    let names = ["p1", "p2", "p3", "p4", "p5"]
    let site = try TestSite(
      files: ["content/site.yml": "page_size: 2\n", "content/categories.plist": Self.categories(names)],
      inMemory: true)
    for name in names + ["s1", "s2", "s3"] { try site.photo(name + ".jpg") }
    let serve = LiveSite(
      builder: site.builder(), options: BuildOptions(siteRoot: site.root, output: site.root + "/served"))
    #expect(serve.build().succeeded)
    #expect(Self.ids(site.read("served/categories/big/page/2/index.html")) == ["p3", "p4"])
    #expect(site.read("served/categories/big/page/3/index.html") != nil)

    try site.write("content/categories.plist", Self.categories(Array(names.dropFirst())))
    let edited = serve.build()
    #expect(edited.succeeded)
    #expect(Self.ids(site.read("served/categories/big/index.html")) == ["p2", "p3"])
    #expect(Self.ids(site.read("served/categories/big/page/2/index.html")) == ["p4", "p5"])
    #expect(site.read("served/categories/big/page/3/index.html") == nil, "a page no longer needed is gone")
    #expect(site.read("served/categories/big/page/3/items.json") == nil)
    #expect(site.read("served/categories/big/p3/index.html")?.contains("href=\"../\">Big</a>") == true)
    #expect(site.read("served/categories/big/p5/index.html")?.contains("href=\"../page/2/\">Big</a>") == true)
    // Big's two pages, its four photos' pages (each says "n of 4" now, and
    // p3's and p5's lead back to another page), the categories page (Big's
    // count and cover) and the home page (the categories' cover, Big's first
    // photo); and Small's two pages, whose filter names its photos' search
    // entries, one fewer before them now (`ListFilter`); no other.
    #expect(edited.pagesRendered == 10, "\(edited.pagesRendered) of \(edited.pages)")

    let fresh = LiveSite(
      builder: site.builder(), options: BuildOptions(siteRoot: site.root, output: site.root + "/fresh"))
    #expect(fresh.build().succeeded)
    let served = site.files(under: "served")
    let expected = site.files(under: "fresh")
    #expect(served.keys.sorted() == expected.keys.sorted())
    for (path, data) in expected where served[path] != data {
      Issue.record("\(path) differs from a fresh build")
    }
  }
}
