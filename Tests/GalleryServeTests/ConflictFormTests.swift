import Foundation
import Testing

@testable import GalleryServe

/// A form refused because its file changed meanwhile (409): the controls
/// hold the file as it is now and what was typed stays beside each field
/// the person changed, so nothing typed is lost and saving again cannot
/// undo the other change.
@Suite("Edit form after a conflict")
struct ConflictFormTests {
  @Test(
    "what is offered back beside a field after a conflict",
    arguments: [
      // (typed, made with, file now, conflict) → shown beside the control
      ("5.5", "4.0", "4.0", true, "5.5"),
      (" 5.5 ", "4.0", "3.3", true, "5.5"),
      ("4.0", "4.0", "3.3", true, nil),  // not changed here: the other edit's value stays
      ("3.3", "4.0", "3.3", true, nil),  // typed what the file now has
      ("", "4.0", "3.3", true, nil),
      ("5.5", "4.0", "4.0", false, nil),  // no conflict: the value goes back into the control
    ] as [(String, String, String, Bool, String?)])
  func aside(typed: String, was: String, current: String, conflict: Bool, shown: String?) {
    let aside = TypedAside(typed: ["weight": typed, EditForm.was("weight"): was], conflict: conflict)
    #expect(aside.changed("weight", from: current) == shown)
    #expect(aside.control("weight") == (conflict ? nil : typed))
  }

  @Test("a stale edit form shows the file's values and the typed weight beside its control")
  func staleForm() async throws {
    let served = try EditServiceTests.Served()
    let path = EditServiceTests.felis
    let hash = await served.hash(path)
    let (_, opened) = await served.get(path)
    #expect(
      opened.contains("name=\"_was-weight\" value=\"4.0\"") && opened.contains("name=\"_was-rating\" value=\"4\""))
    var form = [
      "name": "Felis catus", "owner": "Ruth Hill", "breed": "abys", "born": "2015-03-12", "weight": "4.0",
      "rating": "4", "photo-choice": "keep", EditForm.hash: hash, EditForm.was("weight"): "4.0",
      EditForm.was("rating"): "4", EditForm.was("photo-choice"): "keep",
    ]
    // Another editor changes the rating first.
    var other = form
    other["rating"] = "2"
    #expect(await served.post(path, other).status == 303)
    let edited = served.cats
    form["weight"] = "5.5"
    let answer = await served.post(path, form)
    let page = String(decoding: answer.body, as: UTF8.self)
    #expect(answer.status == 409 && served.cats == edited)
    #expect(page.contains("id=\"rating-2\" name=\"rating\" value=\"2\" checked"))
    #expect(page.contains("value=\"4.0\" min=\"0.5\""))
    #expect(page.contains("<p class=\"typed\" id=\"weight-typed\">You typed: <strong>5.5 kg</strong>"))
    #expect(!page.contains("rating-typed"))
  }
}
