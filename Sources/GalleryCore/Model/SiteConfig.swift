/// Settings from content/site.yml; every key has a default.
public struct SiteConfig: Sendable, Hashable {
  package var title = "Cat Gallery"
  package var description = "Photos, breeds and facts about cats."
  /// What the home page's search field says before anything is typed.
  package var searchPlaceholder = "Search breeds, cats, photos, facts"
  /// Absolute URL the site is published at, without trailing slash; empty for none.
  package var baseURL = ""
  var language = "en"
  /// What the photo sections of parks.plist are called in menus and titles.
  package var parksTitle = "Parks"
  /// The folder of the sections list in URLs ("parks" gives /parks/).
  var sectionsPath = "parks"
  /// The logo and favicon: the cat theme's, or a camera for a preview.
  package var brand = SiteBrand.cat
  /// Folders the other pages live in, which the sections list cannot take:
  /// those of the kinds of page, the theme's assets and the image derivatives.
  static let reservedPaths = PageKind.folders.union(["assets", "images"])
  /// Every key site.yml may hold, at the top and under `images:`.
  package static let keys = [
    "title", "description", "search_placeholder", "base_url", "language", "sections_title", "sections_path", "images",
    "sources", "metadata", "zip", "sort", "videos", "page_size", "grid",
  ]
  static let imageKeys = ["widths", "thumbnail", "quality", "formats", "exif", "max_megapixels"]
  /// Width ladder for responsive images, in pixels, ascending.
  package var widths = [320, 640, 1280, 2048]
  /// Edge of the square grid thumbnail at 1x; a 2x copy is made too.
  package var thumbnail = 240
  package var quality = 80
  /// The WebP encoder's effort (`DerivativeSpec.effort`); not a site.yml setting.
  package var webpEffort = DerivativeSpec.standardEffort
  /// Formats offered in `<picture>`, most preferred first. The last is the fallback.
  var formats: [DerivativeSpec.Format] = [.webp, .jpeg]
  /// The rows a photo's info panel shows (`images.exif`); empty for all it has.
  package var exif: [ExifField] = []
  /// The info panel and the private fields published (`metadata:`).
  package var metadata = MetadataSettings()
  /// Photos whose header claims more pixels than this are refused, not decoded.
  package var maxMegapixels = 200
  /// The web APIs `fetch` reads (`sources:`); the build itself never does.
  package var sources = FetchSources()
  /// What each album's zip holds; nil (the default) for no zips.
  package var zip: ArchiveMode?
  /// The web video made of each clip (`videos:`).
  package var videos = VideoSettings()
  /// The order of a previewed folder's albums (their items and child albums)
  /// whose index.md names none; nil (the default) for each album's own: by
  /// date taken when every item has one, else by name.
  package var sort: MediaOrder?
  /// The most items an album's page shows (`page_size:`); an album with more
  /// is split into pages (`PageSplit`). Its bounds are `pageSizes`.
  package var pageSize = 100
  static let pageSizes = 1...10_000
  /// How albums' grid views draw their photos (`grid:`): square crops unless set.
  package var grid = GridStyle.square

  package init() {}

  /// The defaults of `preview`, a folder looked at in the browser at hand
  /// and anyone's, so its logo is a camera rather than the cat theme's:
  /// WebP alone (every current browser shows it, so no JPEG copies) and one
  /// width, 1280 px, besides the square thumbnails. A phone asks for more than
  /// 640 px at its 2x or 3x, so a 640 px copy would serve only a narrow window
  /// on a 1x screen. A camera JPEG is decoded at half size or less as it is
  /// read. WebP at effort 0 encodes in two thirds of the time for the same
  /// look and about a fifth more bytes, which a page read from this machine
  /// does not feel. 3 derivatives a photo where `build` makes 12; `build`
  /// keeps the full ladder, the smaller files and the JPEG fallback every
  /// visitor of a published site can show.
  package static var preview: SiteConfig {
    var config = SiteConfig()
    config.widths = [1280]
    config.formats = [.webp]
    config.brand = .photos
    config.webpEffort = 0
    return config
  }

  /// `text` as a base URL: an absolute http(s) URL with a host, trailing
  /// slashes removed (page paths bring their own); nil when it is not one.
  /// The one check for site.yml's `base_url` and `build --base-url`.
  public static func baseURL(_ text: String) -> String? {
    guard Text.isWebURL(text) else { return nil }
    return String(text.reversed().drop { $0 == "/" }.reversed())
  }

  /// Reads `node` over `defaults`, reporting bad values and unknown keys.
  package static func read(
    _ node: Node?, defaults: SiteConfig = SiteConfig(), diagnostics: inout DiagnosticCollector
  ) -> SiteConfig {
    var config = defaults
    guard let node else { return config }
    guard node.isDictionary else {
      diagnostics.error("site.yml must be a mapping of settings", at: node)
      return config
    }
    let reader = FieldReader(node: node, owner: "site.yml")
    config.title = reader.string("title", limit: TextLimits.name, &diagnostics) ?? config.title
    config.description = reader.string("description", limit: TextLimits.description, &diagnostics) ?? config.description
    config.searchPlaceholder =
      reader.string("search_placeholder", limit: TextLimits.name, &diagnostics) ?? config.searchPlaceholder
    config.language = reader.string("language", &diagnostics) ?? config.language
    config.parksTitle = reader.string("sections_title", limit: TextLimits.name, &diagnostics) ?? config.parksTitle
    if let path = reader.string("sections_path", limit: TextLimits.name, &diagnostics) {
      if Slug.make(path) == path, !Self.reservedPaths.contains(path) {
        config.sectionsPath = path
      } else {
        diagnostics.error(
          "sections_path must be a lowercase URL folder name (letters, digits and dashes) other than "
            + Self.reservedPaths.sorted().joined(separator: ", ") + "; found \"\(path)\"",
          at: reader.location(of: "sections_path"))
      }
    }
    if let url = reader.string("base_url", limit: TextLimits.url, &diagnostics) {
      if let baseURL = Self.baseURL(url) {
        config.baseURL = baseURL
      } else {
        diagnostics.error("base_url must be an http(s) URL, found \"\(url)\"", at: reader.location(of: "base_url"))
      }
    }
    if let size = reader.integer("page_size", &diagnostics) {
      if Self.pageSizes.contains(size) {
        config.pageSize = size
      } else {
        diagnostics.error(
          "page_size must be a whole number from \(pageSizes.lowerBound) to 10000; found \(size)",
          at: reader.location(of: "page_size"))
      }
    }
    if let zip = node["zip"] { config.zip = ArchiveMode.read(zip, diagnostics: &diagnostics) }
    if let sort = node["sort"] { config.sort = MediaOrder.read(sort, diagnostics: &diagnostics) }
    if let grid = node["grid"] { config.grid = GridStyle.read(grid, diagnostics: &diagnostics) }
    if let videos = node["videos"] {
      config.videos = VideoSettings.read(videos, over: config.videos, diagnostics: &diagnostics)
    }
    reader.warnUnknownKeys(Self.keys, &diagnostics) { "unknown setting \"\($0)\" in site.yml" }
    if let images = node["images"] {
      readImages(images, into: &config, diagnostics: &diagnostics)
    }
    config.sources = FetchSources.read(node["sources"], diagnostics: &diagnostics)
    config.metadata = MetadataSettings.read(node["metadata"], diagnostics: &diagnostics)
    return config
  }

  private static func readImages(_ node: Node, into config: inout SiteConfig, diagnostics: inout DiagnosticCollector) {
    guard node.isDictionary else {
      diagnostics.error("\"images\" in site.yml must be a mapping", at: node)
      return
    }
    let reader = FieldReader(node: node, owner: "images")
    if let widthsNode = node["widths"] {
      let widths = (widthsNode.array ?? []).compactMap { item -> Int? in
        if case .integer(let width) = item.value, (16...8192).contains(width) { return width }
        diagnostics.error("image widths must be integers from 16 to 8192", at: item)
        return nil
      }
      if widthsNode.array == nil || widths.isEmpty {
        diagnostics.error("\"widths\" must be a non-empty list of pixel widths", at: widthsNode)
      } else {
        config.widths = Array(Set(widths)).sorted()
      }
    }
    if let edge = reader.integer("thumbnail", &diagnostics) {
      if (16...2048).contains(edge) {
        config.thumbnail = edge
      } else {
        diagnostics.error("thumbnail must be from 16 to 2048 pixels", at: reader.location(of: "thumbnail"))
      }
    }
    if let quality = reader.integer("quality", &diagnostics) {
      if (1...100).contains(quality) {
        config.quality = quality
      } else {
        diagnostics.error("quality must be from 1 to 100", at: reader.location(of: "quality"))
      }
    }
    if let names = reader.strings("exif", &diagnostics) {
      config.exif = names.compactMap { name in
        guard let field = ExifField(rawValue: name.lowercased()) else {
          diagnostics.error(
            "unknown EXIF field \"\(name)\" (use "
              + ExifField.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: reader.location(of: "exif"))
          return nil
        }
        return field
      }
    }
    if let limit = reader.integer("max_megapixels", &diagnostics) {
      if limit > 0 {
        config.maxMegapixels = limit
      } else {
        diagnostics.error("max_megapixels must be positive", at: reader.location(of: "max_megapixels"))
      }
    }
    reader.warnUnknownKeys(Self.imageKeys, &diagnostics) { "unknown image setting \"\($0)\" in site.yml" }
    if let names = reader.strings("formats", &diagnostics) {
      var formats: [DerivativeSpec.Format] = []
      for name in names {
        guard let format = DerivativeSpec.Format(rawValue: name.lowercased() == "jpg" ? "jpeg" : name.lowercased()),
          format != .png, format != .mp4
        else {
          diagnostics.error(
            "unknown image format \"\(name)\" (use webp, avif, jpeg)", at: reader.location(of: "formats"))
          continue
        }
        formats.append(format)
      }
      // Whatever order site.yml lists them in, pages offer the smallest format
      // first and fall back to JPEG, which every browser shows: a browser takes
      // the first <source> it supports.
      config.formats = DerivativeSpec.Format.preferred.filter { $0 == .jpeg || formats.contains($0) }
    }
  }
}
