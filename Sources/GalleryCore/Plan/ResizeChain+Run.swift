extension ResizeChain {
  /// One render of a chain, all decided before any pixel is read: the steps
  /// that make the wanted files and the sample, in order, each with the files
  /// it saves and the kept copies that no later step reads. The codec runs it
  /// as given.
  public struct Run {
    package struct Task {
      /// The step's place in the chain: copies kept in memory are known by it.
      package var index: Int
      package var step: Step
      /// The files saved from this step's resize, one per format.
      package var saves: [(spec: DerivativeSpec, path: String)]
      /// Kept in memory after its saves, because a later task reads it.
      package var keep: Bool
      /// Kept copies to free once this task is done: it was their last reader.
      package var frees: [Int]
    }

    package let decodeWidth: Int
    package let decodeHeight: Int
    /// Frames to decode: every one of an animation (`ResizeChain.frames`), else 1.
    package let frames: Int
    /// What a JPEG is scaled down by as it decodes (`ResizeChain.loadShrink`).
    package let loadShrink: Int
    package let tasks: [Task]
  }

  /// The run that writes `files`, each a spec of this chain and where it goes;
  /// the sizes they are reduced from and the sample run too.
  package func run(writing files: [(spec: DerivativeSpec, path: String)]) -> Run {
    var saves: [Int: [(spec: DerivativeSpec, path: String)]] = [:]
    for file in files {
      if let step = step(for: file.spec) { saves[step, default: []].append(file) }
    }
    let order = order(making: Set(saves.keys))
    let tasks = order.map { index in
      let step = steps[index]
      return Run.Task(
        index: index, step: step, saves: saves[index] ?? [],
        keep: step.kept && lastUse(of: index, in: order) != nil,
        frees: step.source.map { lastUse(of: $0, in: order) == index ? [$0] : [] } ?? [])
    }
    return Run(
      decodeWidth: decodeWidth, decodeHeight: decodeHeight, frames: frames, loadShrink: loadShrink, tasks: tasks)
  }

  /// The steps to run, in order, to make `wanted` and the sample: those steps
  /// and every copy they are reduced from.
  package func order(making wanted: Set<Int>) -> [Int] {
    var needed = Set<Int>()
    var queue = Array(wanted) + [sample]
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
