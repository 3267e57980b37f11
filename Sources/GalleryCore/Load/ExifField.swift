/// The rows of a photo's info panel that `images.exif` in site.yml may list,
/// in the order the panel shows them when it lists none.
package enum ExifField: String, Sendable, CaseIterable {
  case camera, lens, exposure, date, keywords, rating

  package var label: String {
    switch self {
    case .camera: "Camera"
    case .lens: "Lens"
    case .exposure: "Exposure"
    case .date: "Taken"
    case .keywords: "Keywords"
    case .rating: "Rating"
    }
  }
}
