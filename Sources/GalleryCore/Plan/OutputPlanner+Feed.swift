/// The Atom feed: the newest photos and facts of a site with a base URL.
extension OutputPlanner {
  /// One thing the feed may list, with where it stands in the data files.
  private struct Candidate {
    var entry: AtomFeed.Entry
    /// Its date taken, when it has one.
    var date: FeedDate?
    /// Facts after photos among the undated.
    var isFact: Bool
    /// Its place in the data files: parks.plist, categories.plist or the
    /// previewed folder for photos, facts.json for facts.
    var order: Int
  }

  /// The feed, or nil without a base URL: a reader needs absolute links.
  func feed() -> AtomFeed? {
    let base = site.config.baseURL
    guard !base.isEmpty else { return nil }
    var candidates: [Candidate] = []
    for album in site.albums where album.listed { collect(album, into: &candidates) }
    for (index, fact) in site.facts.enumerated() {
      candidates.append(
        Candidate(
          entry: AtomFeed.Entry(
            url: base + "/" + path(.fact, fact.slug), title: Text.short(fact.text), updated: .unknown,
            summary: fact.text),
          date: nil, isFact: true, order: index))
    }
    // Newest first by date taken. Nothing else says when a photo or fact was
    // added (file times change with every checkout), so the rest follow in a
    // fixed order: photos, then facts, each the last in its data file first,
    // as fetch and the edit commands add to the end.
    let entries = candidates.sorted { left, right in
      switch (left.date, right.date) {
      case (let a?, let b?): return a.instant != b.instant ? a > b : left.order > right.order
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return left.isFact != right.isFact ? !left.isFact : left.order > right.order
      }
    }.prefix(AtomFeed.limit).map(\.entry)
    return AtomFeed(
      title: site.config.title, subtitle: site.config.description, language: site.config.language,
      home: base + "/", address: base + "/" + AtomFeed.path,
      updated: entries.map(\.updated).max() ?? .unknown, entries: Array(entries))
  }

  /// The items of `album` and every album below it that is listed (an
  /// unlisted one is reached only by its address), in the album's order.
  private func collect(_ album: Album, into candidates: inout [Candidate]) {
    let base = site.config.baseURL
    for item in album.items {
      let date = FeedDate(taken: item.photo.metadata.taken, offset: item.photo.metadata.takenOffset)
      candidates.append(
        Candidate(
          entry: AtomFeed.Entry(
            url: base + "/" + path(.photo, item.slug, section: album.path),
            title: Text.short(item.title ?? item.caption),
            updated: date ?? .unknown, summary: item.caption, image: previewImage(item.photo, caption: item.caption)),
          date: date, isFact: false, order: candidates.count))
    }
    for child in album.albums where child.listed { collect(child, into: &candidates) }
  }
}
