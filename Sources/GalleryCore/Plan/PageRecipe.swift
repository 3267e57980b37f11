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

    init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }

    static func == (a: Inputs, b: Inputs) -> Bool { a === b || a.value == b.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
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

  init(inputs: [Inputs], part: some Hashable & Sendable) {
    self.inputs = inputs
    self.part = Part(part)
  }

  /// The page of the item at `index` of those made from `inputs`.
  init(inputs: Inputs, index: Int) { self.init(inputs: [inputs], part: index) }
}
