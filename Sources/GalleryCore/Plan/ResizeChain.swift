/// How one photo is made, planned from its specs alone: the size it is decoded
/// at (a JPEG scaled down as it decodes), then every size from that one decode. Widths come largest first, each
/// reduced from the smallest larger copy kept in memory (or from the decode);
/// then a small whole-photo sample, read back for the placeholder colour and
/// for where to crop; then the largest square cut from the smallest copy that
/// covers it, placed by the sample, and every smaller square reduced from that
/// one, so 1x and 2x thumbnails frame the same thing.
///
/// An animation whose specs include an animated one is decoded frame by frame:
/// each plain size keeps every frame, while the sample and the squares are cut
/// from the first frame, a still poster.
///
/// A leaf (the 1200 px copy link previews show) is reduced from the smallest
/// kept copy that covers it and read by no other step, so the ladder's steps
/// are the same with or without it.
///
/// It is worked out from the job's specs alone, never from which derivatives
/// happen to be cached, so a derivative's bytes are the same whether it was made
/// in a cold build or alone after a ladder change. The codec only runs it
/// (`run(writing:)`).
public struct ResizeChain: Sendable, Hashable {
  /// One size: every format of it is saved from one resize.
  package struct Step: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var crop: Bool
    /// A window cut from a wider copy where the sample points; false for a
    /// plain resize, which a smaller square reduced from a larger one is.
    package var cuts: Bool
    /// For the sample: the whole photo box-shrunk by this factor. nil for a derivative.
    package var sampleShrink: Int?
    /// The step whose kept copy this one is resized from; nil for the decode.
    package var source: Int?
    /// Kept in memory as the source of later steps.
    package var kept: Bool
    /// The first frame alone, of an animation: a still leaf (a link preview's
    /// JPEG) that a plain size of its frames would otherwise stack.
    package var still = false
  }

  /// The sample's long side is at least this many pixels: enough to place a
  /// crop within a few percent, few enough to read back in microseconds.
  static let sampleEdge = 96

  /// The size shrink-on-load aims for: the photo's upright size or less (of one frame).
  package let decodeWidth: Int
  package let decodeHeight: Int
  /// Frames decoded: all of an animation with an animated spec, else 1.
  package let frames: Int
  /// What a JPEG is scaled down by as it decodes: 2, 4 or 8, the largest that
  /// still covers the decode size. Decoding its blocks smaller costs a fraction
  /// of a full decode and leaves less to resize. 1 for a JPEG too small for
  /// it and for other formats, which libvips decodes as it sees fit.
  package let loadShrink: Int
  private(set) var steps: [Step] = []
  /// The index of the sample step, which every render runs.
  package private(set) var sample = 0

  /// The chain for a photo of `width`×`height` (upright), decoded at the
  /// smallest size from which every spec and leaf can be made without
  /// enlarging; with `jpeg`, scaled down as it decodes (`loadShrink`).
  package init(
    specs: [DerivativeSpec], width: Int, height: Int, frames: Int = 1, jpeg: Bool = false,
    leaves: [DerivativeSpec] = []
  ) {
    let decode = Self.decodeSize(specs: specs + leaves, width: width, height: height)
    self.init(
      specs: specs, decodeWidth: decode.width, decodeHeight: decode.height, frames: frames,
      loadShrink: jpeg ? Self.jpegShrink(width: width, height: height, covering: decode) : 1, leaves: leaves)
  }

  /// The largest of libjpeg's factors 2, 4 and 8 whose decode still covers
  /// `decode`; 1 when none does. libvips 8.14 rounds the scaled sides down
  /// (libjpeg itself rounds up): a side shorter than the factor would be
  /// 0 pixels, which aborts the process, and one rounded up would not be there.
  static func jpegShrink(width: Int, height: Int, covering decode: (width: Int, height: Int)) -> Int {
    let fits = { (factor: Int) in
      width / factor >= max(1, decode.width) && height / factor >= max(1, decode.height)
    }
    return [8, 4, 2].first(where: fits) ?? 1
  }

  /// The smallest decode from which every spec can be made without enlarging.
  static func decodeSize(specs: [DerivativeSpec], width: Int, height: Int) -> (width: Int, height: Int) {
    let width = Double(width)
    let height = Double(height)
    var scale = 0.0
    for spec in specs {
      let needed =
        spec.crop
        ? Double(max(spec.width, spec.height)) / min(width, height)
        : Double(spec.width) / width
      scale = max(scale, needed)
    }
    scale = min(scale, 1)
    return (max(1, Int((width * scale).rounded(.up))), max(1, Int((height * scale).rounded(.up))))
  }

  /// The chain for a photo decoded at exactly `decodeWidth`×`decodeHeight`;
  /// `leaves` are plain stills no other step is made from.
  package init(
    specs: [DerivativeSpec], decodeWidth: Int, decodeHeight: Int, frames: Int = 1, loadShrink: Int = 1,
    leaves: [DerivativeSpec] = []
  ) {
    self.decodeWidth = decodeWidth
    self.decodeHeight = decodeHeight
    self.frames = specs.contains(where: \.animated) ? max(1, frames) : 1
    self.loadShrink = loadShrink
    var sizes: [(width: Int, height: Int, crop: Bool)] = []
    for spec in specs where !sizes.contains(where: { $0 == (spec.width, spec.height, spec.crop) }) {
      sizes.append((spec.width, spec.height, spec.crop))
    }
    sizes.sort { ($0.crop ? 0 : 1, $0.width, $0.height) > ($1.crop ? 0 : 1, $1.width, $1.height) }
    for size in sizes.filter({ !$0.crop }) {
      let source = smallestKept { width, _ in width >= size.width }
      let sourceWidth = source.map { steps[$0].width } ?? decodeWidth
      steps.append(
        Step(
          width: size.width, height: size.height, crop: false, cuts: false, source: source,
          kept: sourceWidth > size.width))
    }
    // A leaf the ladder already makes is that step, unless the ladder's keeps every frame.
    for leaf in leaves where self.frames > 1 || !sizes.contains(where: { $0 == (leaf.width, leaf.height, false) }) {
      // Never kept: the ladder below it is reduced from the copies it would have had anyway.
      steps.append(
        Step(
          width: leaf.width, height: leaf.height, crop: false, cuts: false,
          source: smallestKept { width, _ in width >= leaf.width }, kept: false, still: self.frames > 1))
    }
    appendSample(decodeWidth: decodeWidth, decodeHeight: decodeHeight)
    for size in sizes.filter(\.crop) {
      if let square = steps.indices.last(where: { steps[$0].crop && steps[$0].width >= size.width }) {
        steps.append(
          Step(width: size.width, height: size.height, crop: true, cuts: false, source: square, kept: true))
        continue
      }
      let source = smallestKept { width, height in min(width, height) >= max(size.width, size.height) }
      steps.append(Step(width: size.width, height: size.height, crop: true, cuts: true, source: source, kept: true))
    }
  }

  /// The smallest plain copy kept so far that satisfies `covers`; nil for the decode.
  private func smallestKept(_ covers: (Int, Int) -> Bool) -> Int? {
    steps.indices.last {
      steps[$0].kept && !steps[$0].crop && steps[$0].sampleShrink == nil && covers(steps[$0].width, steps[$0].height)
    }
  }

  /// The sample is box-shrunk by a whole factor from the smallest copy whose
  /// long side reaches `sampleEdge`: cheap, and every pixel an exact mean.
  private mutating func appendSample(decodeWidth: Int, decodeHeight: Int) {
    let source = smallestKept { width, height in max(width, height) >= Self.sampleEdge }
    let width = source.map { steps[$0].width } ?? decodeWidth
    let height = source.map { steps[$0].height } ?? decodeHeight
    let factor = max(1, max(width, height) / Self.sampleEdge)
    sample = steps.count
    steps.append(
      Step(
        width: max(1, width / factor), height: max(1, height / factor), crop: false, cuts: false,
        sampleShrink: factor, source: source, kept: false))
  }

  /// The step that makes `spec`: of an animation, a plain still is its own step.
  package func step(for spec: DerivativeSpec) -> Int? {
    let still = frames > 1 && !spec.animated && !spec.crop
    return steps.firstIndex {
      $0.sampleShrink == nil && $0.width == spec.width && $0.height == spec.height && $0.crop == spec.crop
        && $0.still == still
    }
  }
}
