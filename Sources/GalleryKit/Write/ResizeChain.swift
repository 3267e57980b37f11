/// How one decode becomes every size of a photo: widths largest first, each
/// reduced from the smallest larger copy kept in memory (or from the decode),
/// then the largest square cut (attention crop) from the smallest copy that
/// covers it, and every smaller square reduced from that one: the costly
/// attention analysis runs once, and 1x and 2x thumbnails frame the same thing.
///
/// It is worked out from the job's specs alone, never from which derivatives
/// happen to be cached, so a derivative's bytes are the same whether it was made
/// in a cold build or alone after a ladder change.
struct ResizeChain: Equatable {
  /// One size: every format of it is saved from one resize.
  struct Step: Equatable {
    var width: Int
    var height: Int
    var crop: Bool
    /// A square cut from a wider copy (attention crop); false for a plain
    /// resize, which a smaller square reduced from a larger one is.
    var cuts: Bool
    /// The step whose kept copy this one is resized from; nil for the decode.
    var source: Int?
    /// Kept in memory as the source of smaller steps.
    var kept: Bool
  }

  private(set) var steps: [Step] = []

  init(specs: [DerivativeSpec], decodeWidth: Int, decodeHeight: Int) {
    var sizes: [(width: Int, height: Int, crop: Bool)] = []
    for spec in specs where !sizes.contains(where: { $0 == (spec.width, spec.height, spec.crop) }) {
      sizes.append((spec.width, spec.height, spec.crop))
    }
    sizes.sort { ($0.crop ? 0 : 1, $0.width, $0.height) > ($1.crop ? 0 : 1, $1.width, $1.height) }
    for size in sizes {
      if size.crop, let square = steps.indices.last(where: { steps[$0].crop && steps[$0].width >= size.width }) {
        steps.append(
          Step(width: size.width, height: size.height, crop: true, cuts: false, source: square, kept: true))
        continue
      }
      let covers = { (width: Int, height: Int) -> Bool in
        size.crop ? min(width, height) >= max(size.width, size.height) : width >= size.width
      }
      let source = steps.indices.last { steps[$0].kept && !steps[$0].crop && covers(steps[$0].width, steps[$0].height) }
      let sourceWidth = source.map { steps[$0].width } ?? decodeWidth
      steps.append(
        Step(
          width: size.width, height: size.height, crop: size.crop, cuts: size.crop, source: source,
          kept: size.crop || sourceWidth > size.width))
    }
  }

  /// The step that makes `spec`.
  func step(for spec: DerivativeSpec) -> Int? {
    steps.firstIndex { $0.width == spec.width && $0.height == spec.height && $0.crop == spec.crop }
  }

  /// The steps to run, in order, to make `wanted`: those steps and every copy
  /// they are reduced from.
  func order(making wanted: Set<Int>) -> [Int] {
    var needed = Set<Int>()
    var queue = Array(wanted)
    while let index = queue.popLast() {
      guard needed.insert(index).inserted, let source = steps[index].source else { continue }
      queue.append(source)
    }
    return needed.sorted()
  }

  /// The last step in `order` that reads step `index`'s copy, so it can be freed after.
  func lastUse(of index: Int, in order: [Int]) -> Int? {
    order.last { steps[$0].source == index }
  }
}
