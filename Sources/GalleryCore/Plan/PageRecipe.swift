/// What a page's view model is made from, where that is cheaper to compare
/// than the model: a live site tells an unchanged page by it without making
/// its model (`KnownPages`). Pages with equal recipes have equal models.
/// Pages made from the same album's items share its `Inputs` (its item pages,
/// its own pages, the parks page that shows it), compared once a rebuild.
package struct PageRecipe: Sendable, Hashable {
  /// Inputs shared by a run of pages, compared by reference first.
  /// Unchecked: AnyHashable is not Sendable, but it only ever holds a
  /// Sendable value (`init`).
  final class Inputs: Hashable, @unchecked Sendable {
    let value: AnyHashable
    /// One value an item (an album's items), told apart item by item for
    /// pages that read only some of them (`PageRecipe.reads`).
    let items: ItemList?

    init(_ value: some Hashable & Sendable, items: ItemList? = nil) {
      self.value = AnyHashable(value)
      self.items = items
    }

    static func == (a: Inputs, b: Inputs) -> Bool { a === b || (a.value == b.value && a.items == b.items) }

    func hash(into hasher: inout Hasher) {
      hasher.combine(value)
      hasher.combine(items)
    }

    /// How these inputs differ from `old`, the last rebuild's.
    func change(since old: Inputs) -> Change {
      guard self !== old else { return .same }
      guard value == old.value else { return .whole }
      switch (items, old.items) {
      case (nil, nil): return .same
      case (let now?, let before?):
        guard let changed = now.changes(since: before) else { return .whole }
        return changed.contains(true) ? .items(changed) : .same
      default: return .whole
      }
    }
  }

  /// How a run of pages' inputs changed since the last rebuild.
  enum Change {
    case same
    /// Something every page reads.
    case whole
    /// Only some items, those marked (as many marks as items).
    case items([Bool])

    /// Whether a page that reads the items `reads` (nil: all) is unchanged.
    func keeps(_ reads: ClosedRange<Int>?) -> Bool {
      switch self {
      case .same: return true
      case .whole: return false
      case .items(let changed):
        return reads.map { $0.allSatisfy { !changed.indices.contains($0) || !changed[$0] } } ?? false
      }
    }
  }

  /// What this page adds to its shared inputs: an item's position, or an
  /// album page's model planned without its items. Unchecked as `Inputs`.
  struct Part: Hashable, @unchecked Sendable {
    let value: AnyHashable

    init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }
  }

  /// The shared inputs, in an order fixed by the page's kind.
  let inputs: [Inputs]
  let part: Part
  /// The items of its inputs the page reads (an item's page: its own and its
  /// neighbours'); nil: all of them.
  var reads: ClosedRange<Int>? = nil

  init(inputs: [Inputs], part: some Hashable & Sendable) {
    self.inputs = inputs
    self.part = Part(part)
  }

  /// The page of the item at `index` of those made from `inputs`, which
  /// reads that item and its neighbours, of `count` items.
  init(inputs: Inputs, index: Int, count: Int) {
    self.init(inputs: [inputs], part: index)
    reads = max(0, index - 1)...max(0, min(count - 1, index + 1))
  }
}

/// An album's items as the pages made from them read them, each with its
/// photo's image jobs: compared item by item, so a caption edit changes the
/// pages of that item and its neighbours only (`PageRecipe.reads`).
struct ItemList: Sendable, Hashable {
  /// Without their `pageOrigin`.
  var items: [MediaItem]
  var jobs: [ImageJob?]

  init(planner: OutputPlanner, album: Album) {
    // Where an item was defined is for messages only: a line added above a
    // park in parks.plist changes no page of it.
    items = album.items.map { item in
      var item = item
      item.pageOrigin = nil
      return item
    }
    jobs = items.map { planner.images.jobs[id: $0.photo.id] }
  }

  /// Which items differ from `old`'s; nil when there are not as many.
  func changes(since old: ItemList) -> [Bool]? {
    guard items.count == old.items.count, jobs.count == old.jobs.count else { return nil }
    return items.indices.map { items[$0] != old.items[$0] || jobs[$0] != old.jobs[$0] }
  }
}
