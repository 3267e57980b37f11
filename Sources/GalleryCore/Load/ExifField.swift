/// The EXIF fields a site may choose to show on photo pages (`images.exif` in site.yml).
package enum ExifField: String, Sendable, CaseIterable {
  case camera, lens, exposure, date

  package var label: String {
    switch self {
    case .camera: "Camera"
    case .lens: "Lens"
    case .exposure: "Exposure"
    case .date: "Taken"
    }
  }
}
