/// The Atom feed: the newest photos and facts of a site with a base URL.
extension OutputPlanner {
  /// The feed, or nil without a base URL: a reader needs absolute links.
  func feed() -> AtomFeed? {
    guard var feed = FeedStream(self) else { return nil }
    for album in site.albums where album.listed { collect(album, into: &feed) }
    return feed.finish(self)
  }

  /// The items of `album` and every album below it that is listed (an
  /// unlisted one is reached only by its address), in the album's order.
  private func collect(_ album: Album, into feed: inout FeedStream) {
    feed.add(album, planner: self)
    for child in album.albums where child.listed { collect(child, into: &feed) }
  }
}

/// The feed's entries gathered album by album, the newest kept: a staged
/// build of a previewed folder gives it each album as it is built, and the
/// feed holds `AtomFeed.limit` entries, never the site's items.
package struct FeedStream: Sendable {
  /// One thing the feed may list, with where it stands in the data files.
  private struct Candidate: Sendable {
    var entry: AtomFeed.Entry
    /// Its date taken, when it has one.
    var date: FeedDate?
    /// Facts after photos among the undated.
    var isFact: Bool
    /// Its place in the data files: parks.plist, categories.plist or the
    /// previewed folder for photos, facts.json for facts.
    var order: Int
  }

  private var kept: [Candidate] = []
  /// Photos given so far.
  private var count = 0
  private let base: String

  /// Nil without a base URL (`feed()`).
  package init?(_ planner: OutputPlanner) {
    base = planner.site.config.baseURL
    guard !base.isEmpty else { return nil }
  }

  /// The items of `album` alone (its path set), in its order.
  package mutating func add(_ album: Album, planner: OutputPlanner) {
    for item in album.items {
      let date = FeedDate(taken: item.photo.metadata.taken, offset: item.photo.metadata.takenOffset)
      // Atom requires every entry's `updated`, so a photo without a date
      // taken is not left undated: its file's modification time is when it
      // last changed, which is what `updated` means, and it is part of the
      // input (the same files give the same feed). The epoch would tell
      // readers 1970. The order stays by date taken alone, as file times
      // change with every checkout.
      let updated = date ?? item.photo.modified.map(FeedDate.init(modified:)) ?? .unknown
      kept.append(
        Candidate(
          entry: AtomFeed.Entry(
            url: base + "/" + planner.path(.photo, item.slug, section: album.path),
            title: Text.short(item.title ?? item.caption),
            updated: updated, summary: item.caption,
            image: planner.previewImage(item.photo, caption: item.caption)),
          date: date, isFact: false, order: count))
      count += 1
    }
    keepNewest()
  }

  /// The feed, with the site's facts after the photos.
  package mutating func finish(_ planner: OutputPlanner) -> AtomFeed {
    let site = planner.site
    // A fact has no date of its own: facts.json's time is when it last
    // changed, as a photo's file time is for a photo without a date taken.
    let factsUpdated = site.factsModified.map(FeedDate.init(modified:)) ?? .unknown
    for (index, fact) in site.facts.enumerated() {
      kept.append(
        Candidate(
          entry: AtomFeed.Entry(
            url: base + "/" + planner.path(.fact, fact.slug), title: Text.short(fact.text), updated: factsUpdated,
            summary: fact.text),
          date: nil, isFact: true, order: index))
    }
    keepNewest()
    let entries = kept.map(\.entry)
    return AtomFeed(
      title: site.config.title, subtitle: site.config.description, language: site.config.language,
      home: base + "/", address: base + "/" + AtomFeed.path,
      updated: entries.map(\.updated).max() ?? .unknown, entries: entries)
  }

  /// Newest first by date taken. Nothing else says when a photo or fact was
  /// added (file times change with every checkout), so the rest follow in a
  /// fixed order: photos, then facts, each the last in its data file first,
  /// as fetch and the edit commands add to the end. A total order, so the
  /// first `limit` of a part are the first of the whole.
  private mutating func keepNewest() {
    kept = Array(
      kept.sorted { left, right in
        switch (left.date, right.date) {
        case (let a?, let b?): return a.instant != b.instant ? a > b : left.order > right.order
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return left.isFact != right.isFact ? !left.isFact : left.order > right.order
        }
      }.prefix(AtomFeed.limit))
  }
}
