import Foundation
import GalleryContent
import GalleryCore

/// The caption form of a photo of parks.plist.
extension EditService {
  func caption(park: Int, photo: Int, post: FormData?, pages: EditPages) async -> EditResponse {
    let state: (target: CaptionTarget, hash: String?)
    do { state = try editor.captionState(park: park, photo: photo) } catch { return failed(error) }
    let back = pages.photoPage(park: park, photo: photo)
    guard let post else {
      return .page(
        200, pages.render(pages.captionForm(state.target, hash: state.hash, back: back), template: "caption-form"))
    }
    let typed = post.fields["caption"] ?? ""
    let reshow = { (failure: EditRefusal) -> EditResponse in
      let now = (try? editor.captionState(park: park, photo: photo)) ?? state
      let model = pages.captionForm(
        now.target, hash: now.hash, back: back, typed: typed, was: post.fields[EditForm.was("caption")],
        failure: failure)
      return .page(Self.status(of: failure), pages.render(model, template: "caption-form"))
    }
    let expected = post.fields[EditForm.hash] ?? ""
    guard expected == (state.hash ?? "") else { return reshow(Self.stale(ParksFile.defaultFile)) }
    do { try editor.setCaption(typed, of: state.target, expecting: expected) } catch { return reshow(error) }
    await afterChange()
    let after = latest().map { EditPages(snapshot: $0, token: gate.token).photoPage(park: park, photo: photo) }
    return .seeOther((after ?? back).href)
  }
}
