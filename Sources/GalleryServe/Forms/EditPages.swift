import Foundation
import GalleryContent
import GalleryCore
import GalleryOutput

/// Builds the edit forms' view models from the last site that built and
/// renders them through the theme (templates/edit/), with the layout of
/// every other page. What a refused post typed is shown again as typed.
struct EditPages: Sendable {
  let snapshot: LiveSnapshot
  let token: String

  private var site: Site { snapshot.site }
  private var images: ResponsiveImageMaker { ResponsiveImageMaker(jobs: snapshot.jobs, config: site.config) }

  /// The layout's data; `section` is the kind of page whose tab is current.
  func page(_ title: String, section: PageKind) -> PageContext {
    var page = OutputPlanner(site: site, jobs: snapshot.jobs).context(
      section.path(config: site.config), title: title, kind: .edit, root: "/")
    page.canonical = nil
    page.preview.url = nil
    return page
  }

  /// The page of `kind` for `slug` as `serve` answers it, absolute from the
  /// server's root: where a form's Cancel and a saved form lead.
  func address(_ kind: PageKind, _ slug: String = "", section: String = "") -> String {
    "/" + kind.path(slug, section: section, config: site.config)
  }

  func thumbnail(_ photo: Photo, alt: String) -> ResponsiveImage? {
    images.thumbnail(photo, alt: alt, root: "/", lazy: true)
  }

  /// The add form (`row` nil) or the edit form of `row`. `typed` is what a
  /// refused post held, `failure` why it was refused. After a conflict (the
  /// file changed meanwhile) the controls hold the file as it is now, so
  /// saving again cannot undo the other change, and what was typed into a
  /// field the person changed is shown beside it (`FormField.typed`).
  func catForm(
    _ state: ContentEditor.CatsState, row: ContentEditor.CatRow?, typed: [String: String]? = nil,
    failure: EditRefusal? = nil
  ) -> CatFormModel {
    let action = row.map { EditPaths.cat($0.id) } ?? EditPaths.newCat
    let back =
      row.map { Link(title: $0.name, href: address(.cat, $0.slug)) } ?? Link(title: "Cats", href: address(.cats))
    let heading = row.map { "Edit \($0.name)" } ?? "Add a cat"
    var frame = FormFrame(heading: heading, action: action, token: token, hash: state.hash, back: back)
    frame.show(failure)
    let errors = failure?.fields ?? [:]
    let aside = TypedAside(typed: typed, conflict: failure?.kind == .conflict && row != nil)
    func value(_ field: CatField, _ current: String?) -> String { aside.control(field.rawValue) ?? current ?? "" }
    func field(
      _ field: CatField, _ current: String?, bounds: FieldBounds? = nil, max: Int? = nil,
      shown: (String) -> String = { $0 }
    ) -> FormField {
      FormField(
        value: value(field, current), error: errors[field.rawValue], min: bounds?.min,
        max: bounds?.max ?? max.map(String.init), step: bounds?.step, was: current ?? "",
        typed: aside.changed(field.rawValue, from: current).map { TypedValue(value: $0, shown: shown($0)) })
    }
    let breedID = value(.breed, row?.breedId)
    let rating = value(.rating, row.map { String($0.rating) })
    let textMax = CatRules.textLength.upperBound
    let breedName = { (id: String) in state.breeds.choices.first { $0.id == id }?.name ?? id }
    return CatFormModel(
      page: page(heading, section: .cats), frame: frame, submit: row == nil ? "Add cat" : "Save changes",
      name: field(.name, row?.name, max: textMax), owner: field(.owner, row?.owner, max: textMax),
      breed: field(.breed, row?.breedId, shown: breedName),
      breeds: state.breeds.choices.map { BreedOption(id: $0.id, name: $0.name, selected: $0.id == breedID) },
      born: field(.born, row?.born, bounds: CatRules.birthBounds(now: site.now)),
      weight: field(.weight, row?.weightKg, bounds: CatRules.weightBounds, shown: { "\($0) kg" }),
      rating: field(.rating, row.map { String($0.rating) }, shown: { $0 == "1" ? "1 star" : "\($0) stars" }),
      ratings: CatRules.rating.map {
        RatingOption(value: $0, label: $0 == 1 ? "1 star" : "\($0) stars", checked: String($0) == rating)
      },
      photo: chooser(row: row, aside: aside, error: errors[CatField.photo.rawValue]),
      remove: row.map { EditPaths.removeCat($0.id) })
  }

  /// Keep, none, upload, or one of the photos of a breed (all breeds with
  /// local photos are listed; the page's script shows only the chosen one's).
  private func chooser(row: ContentEditor.CatRow?, aside: TypedAside, error: String?) -> PhotoChooser {
    var current: CurrentPhoto?
    if let row, let cat = site.cats.first(where: { ($0.id ?? $0.slug) == row.id }) {
      switch cat.picture {
      case .local(let item):
        current = CurrentPhoto(thumb: thumbnail(item.photo, alt: "The current photo of \(cat.name)"))
      case .remote(let url): current = CurrentPhoto(remote: url)
      case .none: break
      }
    }
    let made = current == nil ? "none" : "keep"
    let choice = aside.control(EditForm.photoChoice) ?? made
    let groups = BreedCatalog(breeds: site.breeds).choices.compactMap { entry -> BreedPhotos? in
      guard let breed = site.breeds.first(where: { $0.id == entry.id }), !breed.album.items.isEmpty else {
        return nil
      }
      let photos = breed.album.items.enumerated().map { index, item in
        let photo = item.photo
        let name = EditForm.storedName(photo)
        let label = "\(breed.name), photo \(index + 1)"
        return PhotoOption(
          value: name, label: label, thumb: thumbnail(photo, alt: label), checked: choice == "photo:" + name)
      }
      return BreedPhotos(id: breed.id, name: breed.name, photos: photos)
    }
    var chooser = PhotoChooser(
      current: current, keep: choice == "keep", none: choice == "none", upload: choice == "upload", groups: groups,
      error: error, was: made)
    // Keeping the photo is no change of one's own, whatever the file now has.
    if let picked = aside.changed(EditForm.photoChoice, from: made), picked != "keep" {
      let label = groups.lazy.flatMap(\.photos).first { "photo:" + $0.value == picked }?.label
      chooser.typed =
        switch picked {
        case "none": "No photo"
        case "upload": "Upload a photo (the file was not kept: choose it again)"
        default: label ?? String(picked.dropFirst("photo:".count))
        }
    }
    return chooser
  }

  func removeForm(_ row: ContentEditor.CatRow, hash: String?, failure: EditRefusal? = nil)
    -> RemoveCatModel
  {
    let heading = "Remove \(row.name)?"
    var frame = FormFrame(
      heading: heading, action: EditPaths.removeCat(row.id), token: token, hash: hash,
      back: Link(title: row.name, href: address(.cat, row.slug)))
    frame.show(failure)
    return RemoveCatModel(
      page: page(heading, section: .cats), frame: frame,
      explanation: "This removes \(row.name), owned by \(row.owner), from content/cats.json. "
        + "A photo catgallery copied in for it goes too, once no other page uses it; any other photo stays.",
      submit: "Remove \(row.name)")
  }

  /// The caption form of `target`; `back` is the photo's page. `typed` and
  /// `was` are what a refused post held (see `catForm` for a conflict).
  func captionForm(
    _ target: CaptionTarget, hash: String?, back: Link, typed: String? = nil, was: String? = nil,
    failure: EditRefusal? = nil
  ) -> CaptionFormModel {
    let heading = "Edit caption"
    var frame = FormFrame(
      heading: heading, action: EditPaths.caption(park: target.park, photo: target.photo), token: token, hash: hash,
      back: back)
    frame.show(failure)
    let photo = captionAlbum(target.park)?.items[safe: target.photo]?.photo
    var fields: [String: String] = [:]
    fields["caption"] = typed
    fields[EditForm.was("caption")] = was
    let aside = TypedAside(typed: typed == nil ? nil : fields, conflict: failure?.kind == .conflict)
    return CaptionFormModel(
      page: page(heading, section: .parks), frame: frame,
      caption: FormField(
        value: aside.control("caption") ?? target.caption ?? "", error: failure?.fields["caption"],
        max: String(CaptionRules.length.upperBound), was: target.caption ?? "",
        typed: aside.changed("caption", from: target.caption).map { TypedValue(value: $0, shown: $0) }),
      hint: "Park “\(target.parkName)”, photo \(target.photo + 1) (\(target.imageName))",
      thumb: photo.flatMap { thumbnail($0, alt: target.caption ?? target.imageName) })
  }

  /// The photo page of `target`, where Cancel and a saved caption lead.
  func photoPage(park: Int, photo: Int) -> Link {
    guard let album = captionAlbum(park), let item = album.items[safe: photo] else {
      return Link(title: site.config.parksTitle, href: address(.parks))
    }
    return Link(title: item.caption, href: address(.photo, item.slug, section: album.path))
  }

  /// Child album `index` of the album whose captions are edited (parks.plist's parks).
  private func captionAlbum(_ index: Int) -> Album? {
    site.albums.first(where: \.captionsEditable)?.albums[safe: index]
  }

  /// The form's HTML through the site's theme.
  func render(_ model: some Encodable, template: String) -> Data {
    let (renderer, _) = PageRenderer.prepare(theme: .merged(site: site.templates))
    let html = renderer.templates.render(MustacheContextEncoder.encode(model), template: template)
    return Data((html ?? "<!doctype html><title>Error</title><p>template \(template) is missing").utf8)
  }
}
