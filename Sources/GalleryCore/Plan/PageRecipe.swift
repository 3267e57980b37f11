/// What a page's view model is made from, where that is cheaper to compare
/// than the model: a live site tells an unchanged page by it without making
/// its model (`KnownPages`). Pages with equal recipes have equal models.
/// The pages of an album's items share one `inputs`, compared once a rebuild.
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

  let inputs: Inputs
  /// Which page of those made from `inputs` this is (an item's position).
  let index: Int
}
