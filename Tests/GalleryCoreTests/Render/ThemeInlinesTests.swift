import Foundation
import Testing

@testable import GalleryCore

/// What the 404 page carries of the theme: its stylesheet without comments and
/// safe inside `<style>`, its icons in a sprite of no size, its favicons as data.
@Suite("Theme inlines")
struct ThemeInlinesTests {
  @Test(
    "comments go, with the line a comment had to itself; strings stay whole",
    arguments: [
      ("a{b:c}/* a comment */d{e:f}", "a{b:c}d{e:f}"),
      ("/* one\n line, two */a{}", "a{}"),
      ("a{content:\"/* kept */\"}", "a{content:\"/* kept */\"}"),
      ("a{content:'\\'/*'}/**/b{}", "a{content:'\\'/*'}b{}"),
      ("a{}/* never closed", "a{}"),
      ("a{}\n/* a line of its own */\nb{}", "a{}\nb{}"),
      ("a{} /* after a rule */\nb{}", "a{} \nb{}"),
    ])
  func comments(css: String, expected: String) {
    #expect(ThemeInlines.withoutComments(css) == expected)
  }

  @Test("the stylesheet cannot end its <style> early; the sprite holds every symbol; favicons are data URLs")
  func theme() throws {
    var theme = Theme.builtIn
    theme.files["assets/site.css"] = Data("a::after{content:\"</style>\"}".utf8)
    let inlines = ThemeInlines(theme: theme)
    #expect(inlines.css == "a::after{content:\"<\\/style>\"}")
    let icons = String(decoding: try #require(Theme.builtIn.files["assets/icons.svg"]), as: UTF8.self)
    let symbols = icons.matches(of: #/<symbol id="/#).count
    #expect(symbols > 10 && inlines.sprite.matches(of: #/<symbol id="/#).count == symbols)
    #expect(inlines.sprite.hasPrefix("<svg aria-hidden=\"true\" style=\"position:absolute;width:0;height:0"))
    #expect(inlines.sprite.hasSuffix("</symbol></svg>"))
    let favicon = try #require(inlines.favicons["favicon.svg"])
    let data = try #require(Data(base64Encoded: String(favicon.dropFirst("data:image/svg+xml;base64,".count))))
    #expect(favicon.hasPrefix("data:image/svg+xml;base64,") && data == Theme.builtIn.files["assets/favicon.svg"])
    #expect(inlines.favicons["icons.svg"] == nil && inlines.favicons["favicon-photos.svg"] != nil)
  }
}

/// The theme's files as the output gets them.
@Suite("Theme assets")
struct ThemeAssetsTests {
  @Test("stylesheets are written without their comments; other assets byte for byte")
  func assets() throws {
    var theme = Theme.builtIn
    theme.files["assets/extra.css"] = Data("/* why */\na{b:c}\n".utf8)
    let assets = Dictionary(theme.assets.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
    #expect(assets["assets/extra.css"] == Data("a{b:c}\n".utf8))
    let css = String(decoding: try #require(assets["assets/site.css"]), as: UTF8.self)
    #expect(!css.contains("/*") && css.contains(":root{"))
    #expect(assets["assets/icons.svg"] == theme.files["assets/icons.svg"])
  }
}
