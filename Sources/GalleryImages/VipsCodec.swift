import CVipsShim
import Foundation
import GalleryCore

/// libvips behind the `ImageCodec` edge. The only Swift file that touches C image code.
public struct VipsCodec: ImageCodec {
  /// libvips starts once per process; VIPS_INIT is not safe to race, and a
  /// static let is initialised exactly once even when many threads ask.
  private static let startError: String? = cgv_init() == 0 ? nil : takeError()
  /// Every libvips call runs through it, so the error text a failure reads is its own.
  private static let gate = VipsErrorGate()

  /// What the codec reads itself, apart from libvips: the first bytes of a
  /// file it will not open, to name its format.
  package let fileSystem: FileSystem

  public init(fileSystem: FileSystem) throws(ImageError) {
    if let error = Self.startError { throw ImageError("cannot start libvips: \(error)") }
    self.fileSystem = fileSystem
  }

  private static func takeError() -> String {
    var buffer = [CChar](repeating: 0, count: 2048)
    cgv_take_error(&buffer, buffer.count)
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // libvips prefixes lines with the operation name and may repeat itself; keep the first line.
    let line = text.split(separator: "\n").first.map(String.init) ?? "unknown error"
    return line.trimmingCharacters(in: .whitespaces)
  }

  /// Decides the format by content and refuses any catgallery does not read
  /// before libvips opens the file, so no other loader (ImageMagick above all)
  /// ever parses it. Warnings while reading the header are about metadata and
  /// are dropped.
  public func header(of path: String) throws(ImageError) -> ImageHeader {
    try Self.gate.isolating(
      { Result { () throws(ImageError) -> ImageHeader in try readHeader(of: path) } },
      clear: { _ = Self.takeError() }, redo: { (try? $0.get()) == nil }
    ).get()
  }

  private func readHeader(of path: String) throws(ImageError) -> ImageHeader {
    var loader = [CChar](repeating: 0, count: 64)
    guard cgv_loader(PathBytes.system(path), &loader, loader.count) == 0 else {
      throw ImageError("not a readable image: \(Self.plain(Self.takeError(), path: path))")
    }
    let nickname = Self.string(loader)
    guard let format = ImageFormat(loader: nickname) else {
      let head = (try? fileSystem.prefix(of: path, count: 16)).map { [UInt8]($0) } ?? []
      throw ImageError(ImageFormat.unsupported(ImageFormat.unsupportedName(loader: nickname, head: head)))
    }
    var width: Int32 = 0
    var height: Int32 = 0
    var orientation: Int32 = 1
    var alpha: Int32 = 0
    var pages: Int32 = 1
    let (read, _) = Self.collectingWarnings { () -> Int32 in
      cgv_header(PathBytes.system(path), &width, &height, &orientation, &alpha, &pages, &loader, loader.count)
    }
    guard read == 0 else {
      throw ImageError("not a readable image: \(Self.plain(Self.takeError(), path: path))")
    }
    return ImageHeader(
      storedWidth: Int(width), storedHeight: Int(height), orientation: Int(orientation),
      hasAlpha: alpha != 0, format: format.rawValue, frames: format.animates ? Int(pages) : 1)
  }

  /// Runs `work` with the warnings libvips logs on this thread collected, not
  /// printed, and returns them with its result, one per line logged.
  private static func collectingWarnings<T>(_ work: () -> T) -> (T, [String]) {
    cgv_warnings_begin()
    let value = work()
    var buffer = [CChar](repeating: 0, count: 4096)
    cgv_warnings_end(&buffer, buffer.count)
    return (value, string(buffer).split(separator: "\n").map(String.init))
  }

  private static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Collects what libvips logs while decoding; a photo that decodes with
  /// warnings is damaged but still made, and the warnings come back with it.
  /// A colour profile that does not fit the pixels is ignored, with a warning.
  public func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
    let (outcome, damage, profileFits) = Self.gate.isolating(
      { () -> (Result<String, ImageError>, String?, Bool) in
        let (outcome, logged) = Self.collectingWarnings {
          Result { () throws(ImageError) -> String in try renderPixels(source: source, run: run) }
        }
        let damage = Self.damage(logged, path: source)
        // libjpeg's warnings reach the log through libvips' process-wide error
        // buffer, where they would otherwise lead the next failure's message.
        if damage != nil { _ = Self.takeError() }
        return (outcome, damage, cgv_profile_fits(source) != 0)
      },
      clear: { _ = Self.takeError() },
      redo: { (try? $0.0.get()) == nil || $0.1 != nil })
    let placeholder = try outcome.get()
    let warnings = (profileFits ? [] : [Self.unfitProfile]) + (damage.map { [$0] } ?? [])
    return RenderedPhoto(placeholder: placeholder, warnings: warnings)
  }

  /// An animation with more decoded pixels than this (frames × frame size;
  /// 300 frames of 500×500 are 75 million) is not held whole in memory: each
  /// animated size reads its frames from the file as it is saved.
  static let heldFramePixels = 16_000_000

  /// Decodes once (every frame of an animation) and runs the planned steps;
  /// returns the placeholder colour. A long animation is decoded once for its
  /// stills alone, and once more, streamed, for each animated size.
  private func renderPixels(source: String, run: ResizeChain.Run) throws(ImageError) -> String {
    let streamed = run.frames > 1 && run.decodeWidth * run.decodeHeight * run.frames > Self.heldFramePixels
    let pages: Int32 = run.frames > 1 && !streamed ? -1 : 1
    guard
      let image = cgv_load(
        source, Int32(run.decodeWidth), Int32(run.decodeHeight), pages, Int32(run.loadShrink))
    else {
      throw ImageError(undecodable: "cannot decode: \(Self.plain(Self.takeError(), path: source))")
    }
    defer { cgv_free(image) }
    // Copies kept in memory as the source of smaller sizes, freed after their last use.
    var copies: [Int: OpaquePointer] = [:]
    defer { copies.values.forEach { cgv_free($0) } }
    var sample: PixelSample?
    for task in run.tasks {
      var from = task.step.source.flatMap { copies[$0] } ?? image
      // The sample, the squares and a still leaf: of an animation, its first frame.
      let still = task.step.crop || task.step.sampleShrink != nil || task.step.still
      let poster = still ? try Self.firstFrame(of: from) : nil
      defer { poster.map { cgv_free($0) } }
      if let poster { from = poster }
      if let factor = task.step.sampleShrink {
        sample = try Self.sample(from, shrink: factor)
      } else if streamed && !still {
        try Self.stream(source, task.step, saves: task.saves)
      } else if let copy = try make(task.step, from: from, focus: sample, saves: task.saves, keep: task.keep) {
        copies[task.index] = copy
      }
      for index in task.frees {
        if let copy = copies.removeValue(forKey: index) { cgv_free(copy) }
      }
    }
    return sample?.meanColour ?? "#808080"
  }

  /// Resizes (or cuts) one step from `from` and saves every format of it.
  /// With `keep`, later steps read it: returns the copy in memory, which the
  /// caller frees.
  private func make(
    _ step: ResizeChain.Step, from: OpaquePointer, focus: PixelSample?,
    saves group: [(spec: DerivativeSpec, path: String)], keep: Bool
  ) throws(ImageError) -> OpaquePointer? {
    // Exactly the planned size: fitting into it from a copy that was itself
    // rounded (427 rows for 426.7) came out a pixel short (319×213 named
    // 320×213). Never larger than what it is made from, though.
    let exact: Int32 = step.width <= cgv_width(from) && step.height <= cgv_page_height(from) ? 1 : 0
    let made =
      step.cuts
      ? Self.cut(from, to: step, focus: focus) : cgv_resize(from, Int32(step.width), Int32(step.height), exact)
    guard let lazy = made else { throw ImageError("cannot resize: \(Self.takeError())") }
    // libvips resizes lazily while saving: without a copy in memory every
    // format, and every smaller size, would resample again.
    var resized = lazy
    if group.count > 1 || keep, let copy = cgv_materialize(lazy) {
      cgv_free(lazy)
      resized = copy
    }
    for (spec, path) in group {
      // Progressive JPEG draws a large photo early at low detail; a thumbnail
      // is small enough to arrive whole, and baseline encodes in half the time.
      guard
        cgv_save(
          resized, path, Self.format(spec.format), Int32(spec.quality), spec.crop ? 0 : 1, Int32(spec.effort)) == 0
      else {
        cgv_free(resized)
        throw ImageError("cannot write \(spec.format.rawValue): \(Self.takeError())")
      }
    }
    if keep { return resized }
    cgv_free(resized)
    return nil
  }

  /// Saves every format of one animated size with its frames read from the
  /// file as the saver asks for them, none held beyond the one it encodes.
  private static func stream(
    _ source: String, _ step: ResizeChain.Step, saves group: [(spec: DerivativeSpec, path: String)]
  ) throws(ImageError) {
    for (spec, path) in group {
      // Frames read in sequence can be read once: each format reads them anew.
      guard let frames = cgv_load_frames(source, Int32(step.width), Int32(step.height)) else {
        throw ImageError(undecodable: "cannot decode: \(plain(takeError(), path: source))")
      }
      defer { cgv_free(frames) }
      guard
        cgv_save(frames, path, format(spec.format), Int32(spec.quality), 0, Int32(spec.effort)) == 0
      else { throw ImageError("cannot write \(spec.format.rawValue): \(takeError())") }
    }
  }

  /// The first frame of an animation, which the caller frees; nil for a still.
  private static func firstFrame(of image: OpaquePointer) throws(ImageError) -> OpaquePointer? {
    let frame = cgv_page_height(image)
    guard frame < cgv_height(image) else { return nil }
    guard let first = cgv_extract(image, 0, 0, cgv_width(image), frame) else {
      throw ImageError("cannot take the first frame: \(takeError())")
    }
    return first
  }

  /// The window of the step's aspect that `focus` places in `image`, reduced to the step's size.
  private static func cut(_ image: OpaquePointer, to step: ResizeChain.Step, focus: PixelSample?) -> OpaquePointer? {
    let width = Int(cgv_width(image))
    let height = Int(cgv_height(image))
    let aspect = Double(step.width) / Double(step.height)
    let place = focus?.focus(aspect: aspect) ?? 0.5
    var window = (left: 0, top: 0, width: width, height: height)
    if Double(width) / Double(height) > aspect {
      window.width = min(width, max(1, Int((Double(height) * aspect).rounded())))
      window.left = Int((place * Double(width - window.width)).rounded())
    } else {
      window.height = min(height, max(1, Int((Double(width) / aspect).rounded())))
      window.top = Int((place * Double(height - window.height)).rounded())
    }
    guard
      let area = cgv_extract(
        image, Int32(window.left), Int32(window.top), Int32(window.width), Int32(window.height))
    else { return nil }
    defer { cgv_free(area) }
    return cgv_resize(area, Int32(step.width), Int32(step.height), 1)
  }

  /// The whole image box-shrunk by `shrink`, read back into memory.
  private static func sample(_ image: OpaquePointer, shrink: Int) throws(ImageError) -> PixelSample {
    let bands = Int(cgv_bands(image))
    let capacity = (Int(cgv_width(image)) / shrink + 1) * (Int(cgv_height(image)) / shrink + 1) * bands
    var bytes = [UInt8](repeating: 0, count: capacity)
    var width: Int32 = 0
    var height: Int32 = 0
    let count = cgv_shrink_pixels(image, Int32(shrink), &bytes, capacity, &width, &height)
    guard count >= 0,
      let sample = PixelSample(
        width: Int(width), height: Int(height), bands: bands, bytes: Array(bytes.prefix(Int(count))))
    else { throw ImageError("cannot sample: \(takeError())") }
    return sample
  }

  private static func format(_ format: DerivativeSpec.Format) -> Int32 {
    switch format {
    case .jpeg: Int32(CGV_JPEG.rawValue)
    case .webp: Int32(CGV_WEBP.rawValue)
    case .png: Int32(CGV_PNG.rawValue)
    case .avif: Int32(CGV_AVIF.rawValue)
    // No image job holds one (ffmpeg makes videos); the shim refuses an unknown format.
    case .mp4: -1
    }
  }
}
