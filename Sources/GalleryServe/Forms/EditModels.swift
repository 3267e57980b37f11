import GalleryContent
import GalleryCore

/// View models of the edit forms `serve` shows. Field names are the
/// vocabulary of templates/edit/*.mustache.

/// One text-like control: what it holds (as typed, after a refused post),
/// its bounds from `CatRules`, and the message when its value was refused.
struct FormField: Sendable, Hashable, Encodable {
  var value: String
  var error: String?
  var min: String?
  var max: String?
  var step: String?
  /// The file's value when the form was made, posted back (`_was-<name>`)
  /// so that after a conflict a field the person did not change is told
  /// apart from one they did.
  var was = ""
  /// After a conflict, what the person typed here, when it differs from the
  /// file now (which `value` holds): shown beside the control, never lost.
  var typed: TypedValue?
}

/// What a person typed into a field of a form refused because the file
/// changed meanwhile: `value` for the control, `shown` in words.
struct TypedValue: Sendable, Hashable, Encodable {
  var value: String
  var shown: String
}

/// A refused field in the list at the top of a form, linking to its control.
struct FormProblem: Sendable, Hashable, Encodable {
  var field: String
  var message: String
}

struct BreedOption: Sendable, Hashable, Encodable {
  var id: String
  var name: String
  var selected: Bool
}

struct RatingOption: Sendable, Hashable, Encodable {
  var value: Int
  var label: String
  var checked: Bool
}

/// A photo of a breed a cat may take instead of an upload.
struct PhotoOption: Sendable, Hashable, Encodable {
  /// The photo's name as cats.json stores it (`breeds/abys/abys1`).
  var value: String
  var label: String
  var thumb: ResponsiveImage?
  var checked: Bool
}

struct BreedPhotos: Sendable, Hashable, Encodable {
  var id: String
  var name: String
  var photos: [PhotoOption]
}

/// The cat's photo now (edit form only), to keep.
struct CurrentPhoto: Sendable, Hashable, Encodable {
  var thumb: ResponsiveImage?
  var remote: String?
}

struct PhotoChooser: Sendable, Hashable, Encodable {
  var current: CurrentPhoto?
  var keep: Bool
  var none: Bool
  var upload: Bool
  var groups: [BreedPhotos]
  var error: String?
  /// The choice the form was made with (`keep` or `none`), posted back.
  var was = ""
  /// After a conflict, the photo the person chose, in words.
  var typed: String?
}

/// The page around every form: where Cancel and the breadcrumb go, the
/// token and file hash the post carries back, what went wrong last time.
/// Templates open it as a section (`{{#frame}}`) around the form.
struct FormFrame: Sendable, Hashable, Encodable {
  var heading: String
  var action: String
  var token: String
  var hash: String
  var back: Link
  var banner: String?
  var problems: [FormProblem] = []
  var problemsTitle = ""
  var stylesheet = EditPaths.stylesheet
  var script = EditPaths.script

  init(heading: String, action: String, token: String, hash: String?, back: Link) {
    self.heading = heading
    self.action = action
    self.token = token
    self.hash = hash ?? ""
    self.back = back
  }

  /// Shows `failure` above the form: each refused field in the list, anything else as a banner.
  mutating func show(_ failure: EditRefusal?) {
    guard let failure else { return }
    let order = CatField.allCases.map(\.rawValue) + ["caption"]
    problems = failure.fields.sorted { (order.firstIndex(of: $0.key) ?? 99) < (order.firstIndex(of: $1.key) ?? 99) }
      .map { FormProblem(field: $0.key, message: $0.value) }
    problemsTitle = problems.count == 1 ? "One value needs fixing" : "\(problems.count) values need fixing"
    if failure.fields.isEmpty {
      // A banner shows refusals only: an error with no location needs no severity.
      banner = failure.diagnostics.map { $0.severity == .error && $0.location == nil ? $0.message : $0.description }
        .joined(separator: " ")
    }
  }
}

/// The add and edit forms of a cat.
struct CatFormModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var frame: FormFrame
  var submit: String
  var name: FormField
  var owner: FormField
  var breed: FormField
  var breeds: [BreedOption]
  var born: FormField
  var weight: FormField
  var rating: FormField
  var ratings: [RatingOption]
  var photo: PhotoChooser
  /// The page that asks before removing (edit form only).
  var remove: String?
}

/// The page that asks before a cat is removed.
struct RemoveCatModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var frame: FormFrame
  var explanation: String
  var submit: String
}

/// The form of one photo's caption.
struct CaptionFormModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var frame: FormFrame
  var caption: FormField
  var hint: String
  var thumb: ResponsiveImage?
}
