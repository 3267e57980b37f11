import Testing

@testable import GalleryImages

/// The sample behind placeholders and crop placement, on pixels drawn here.
@Suite("Pixel sample")
struct PixelSampleTests {
  /// A `width`×`height` RGB sample of `background` with `paint` applied to each pixel.
  static func sample(
    width: Int, height: Int, background: [UInt8] = [128, 128, 128],
    paint: (Int, Int) -> [UInt8]? = { _, _ in nil }
  ) -> PixelSample? {
    var bytes: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { bytes += paint(x, y) ?? background }
    }
    return PixelSample(width: width, height: height, bands: 3, bytes: bytes)
  }

  /// A disc of `colour` centred at cx, cy.
  static func disc(_ cx: Int, _ cy: Int, radius: Int, _ colour: [UInt8]) -> (Int, Int) -> [UInt8]? {
    { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius ? colour : nil }
  }

  @Test("a flat photo is cropped in the middle")
  func flat() throws {
    let sample = try #require(Self.sample(width: 96, height: 64))
    #expect(sample.focus(aspect: 1) == 0.5)
  }

  @Test(
    "the crop follows what stands out, along whichever axis has room",
    arguments: [
      // A saturated red ball at the right of a landscape.
      (96, 64, 84, 32, [UInt8]([220, 30, 30]), 0.8...1.0),
      // A skin-toned face at the left.
      (96, 64, 10, 30, [UInt8]([224, 172, 140]), 0.0...0.2),
      // A dark shape (edges only) near the bottom of a portrait.
      (64, 96, 32, 84, [UInt8]([20, 20, 20]), 0.8...1.0),
      // A yellow flower at the top of a portrait.
      (64, 96, 30, 8, [UInt8]([240, 200, 20]), 0.0...0.2),
    ])
  func follows(_ width: Int, _ height: Int, _ x: Int, _ y: Int, _ colour: [UInt8], _ expected: ClosedRange<Double>)
    throws
  {
    let sample = try #require(Self.sample(width: width, height: height, paint: Self.disc(x, y, radius: 7, colour)))
    let place = sample.focus(aspect: 1)
    #expect(expected.contains(place), "placed at \(place)")
  }

  @Test("between two equal subjects the more central one wins")
  func centreBreaksTies() throws {
    let left = Self.disc(16, 32, radius: 6, [220, 30, 30])
    let middle = Self.disc(110, 32, radius: 6, [220, 30, 30])
    let sample = try #require(Self.sample(width: 192, height: 64) { x, y in left(x, y) ?? middle(x, y) })
    // No window of 64 columns holds both: 0 holds the left disc, 0.5 the middle one.
    #expect(abs(sample.focus(aspect: 1) - 0.5) < 0.1)
  }

  @Test("the placeholder colour is the mean, with transparent pixels left out")
  func meanColour() throws {
    let half = try #require(Self.sample(width: 4, height: 2) { x, _ in x < 2 ? [255, 0, 0] : [0, 0, 255] })
    #expect(half.meanColour == "#800080")
    // RGBA: the transparent white half must not lighten the opaque green one.
    let bytes: [UInt8] = [0, 200, 0, 255, 255, 255, 255, 0]
    let alpha = try #require(PixelSample(width: 2, height: 1, bands: 4, bytes: bytes))
    #expect(alpha.meanColour == "#00c800")
    let grey = try #require(PixelSample(width: 1, height: 1, bands: 1, bytes: [17]))
    #expect(grey.meanColour == "#111111")
  }

  @Test("a sample with fewer bytes than its size, or odd bands, is refused")
  func refusesShortBuffers() {
    #expect(PixelSample(width: 2, height: 2, bands: 3, bytes: [UInt8](repeating: 0, count: 11)) == nil)
    #expect(PixelSample(width: 1, height: 1, bands: 5, bytes: [UInt8](repeating: 0, count: 5)) == nil)
  }
}
