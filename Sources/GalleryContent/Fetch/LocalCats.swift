import GalleryCore

/// The cats of content/cats.json that only the file holds: records without
/// a restdb `_id` (the sample `init` writes, `cats add` on a site without
/// restdb). A fetch replaces cats.json by the collection, so these would be
/// dropped; fetch refuses unless `--replace-local` says to.
enum LocalCats {
  /// The error that names the cats a fetch would drop, or nil when there are
  /// none; `old` is nil when the file is absent or `unreadable` (then which
  /// cats only it holds cannot be told, and the fetch is refused as well).
  static func refusal(replacing old: Node?, unreadable: Bool) -> Diagnostic? {
    if unreadable {
      return .error(
        "cannot be read, so fetch cannot tell which cats only this file holds; mend it, "
          + "or run fetch with --replace-local to replace it by the restdb collection",
        at: SourceLocation(file: "content/cats.json"))
    }
    let local = names(in: old)
    guard !local.isEmpty else { return nil }
    let shown = local.prefix(5).map { "\"\(Text.short($0, limit: 40))\"" }.joined(separator: ", ")
    let more = local.count > 5 ? " and \(local.count - 5) more" : ""
    let noun = local.count == 1 ? "cat that is" : "cats that are"
    return .error(
      "the restdb collection would replace this file and drop \(local.count) \(noun) only here (\(shown)\(more)); "
        + "add them to restdb (`catgallery cats add` writes through once site.yml names restdb), "
        + "or run fetch with --replace-local to drop them",
      at: SourceLocation(file: "content/cats.json"))
  }

  /// The names (`catName`, else `cat N`) of the records without an `_id`.
  static func names(in cats: Node?) -> [String] {
    (cats?.array ?? []).enumerated().compactMap { index, record in
      guard record.isDictionary else { return nil }
      if case .string(let id)? = record["_id"]?.value, !id.isEmpty { return nil }
      if case .string(let name)? = record["catName"]?.value, !name.isEmpty { return name }
      return "cat \(index + 1)"
    }
  }
}
