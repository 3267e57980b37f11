/// A camera as a photographer names it, from EXIF's Make and Model: "NIKON
/// CORPORATION" and "NIKON D750" make "Nikon D750", "Canon" and "Canon EOS R6"
/// make "Canon EOS R6", "SONY" and "ILCE-7M3" make "Sony ILCE-7M3". Pure.
enum CameraName {
  /// How makers write their names in EXIF (in capitals, the start of Make) and
  /// how photographers write them; a maker not listed keeps its own spelling.
  static let brands: [(make: String, name: String)] = [
    ("CANON", "Canon"), ("NIKON", "Nikon"), ("SONY", "Sony"), ("FUJIFILM", "Fujifilm"), ("FUJI PHOTO", "Fujifilm"),
    ("OLYMPUS", "Olympus"), ("OM DIGITAL", "OM System"), ("PANASONIC", "Panasonic"), ("PENTAX", "Pentax"),
    ("RICOH", "Ricoh"), ("SAMSUNG", "Samsung"), ("LEICA", "Leica"), ("HASSELBLAD", "Hasselblad"),
    ("EASTMAN KODAK", "Kodak"), ("KODAK", "Kodak"), ("KONICA MINOLTA", "Konica Minolta"), ("MINOLTA", "Minolta"),
    ("CASIO", "Casio"), ("SIGMA", "Sigma"), ("SANYO", "Sanyo"), ("APPLE", "Apple"), ("GOOGLE", "Google"),
    ("HUAWEI", "Huawei"), ("XIAOMI", "Xiaomi"), ("ONEPLUS", "OnePlus"), ("MOTOROLA", "Motorola"),
    ("LG ELECTRONICS", "LG"), ("HTC", "HTC"), ("NOKIA", "Nokia"), ("DJI", "DJI"), ("GOPRO", "GoPro"),
    ("PHASE ONE", "Phase One"),
  ]

  /// Nil without a model: a maker's name alone says little.
  static func make(make: String?, model: String?) -> String? {
    guard let model = model.flatMap(MetadataText.tidy) else { return nil }
    guard let make = make.flatMap(MetadataText.tidy) else { return model }
    let capitals = make.uppercased()
    let brand = brands.first { capitals.hasPrefix($0.make) }?.name ?? make
    // Most models repeat the maker ("NIKON D750", "Canon EOS R6"): once is enough.
    var words = model.split(separator: " ")
    for prefix in [brand, String(make.split(separator: " ")[0])] {
      let prefixWords = prefix.uppercased().split(separator: " ")
      if words.count > prefixWords.count,
        words.prefix(prefixWords.count).map({ $0.uppercased() }) == prefixWords.map(String.init)
      {
        words.removeFirst(prefixWords.count)
        break
      }
    }
    return brand + " " + words.joined(separator: " ")
  }
}
