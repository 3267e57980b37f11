/// The record a page is made from, as messages name it: `breed "abys"` at
/// `content/breeds.json:3:5`. Lets a problem found after Model (two pages
/// written to one file) point back at the user's input.
package struct PageOrigin: Sendable, Hashable {
  package var name: String
  package var location: SourceLocation?
}
