import ArgumentParser
import Foundation
import GalleryContent
import GalleryCore

struct Cats: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List, add, edit and remove owned cats in content/cats.json.",
    discussion: """
      Values are checked by the same rules as the browser forms under serve: weight \
      0.5–15.0 kg with one decimal place, rating 1–5, a breed in breeds.json (by id or \
      name), a birth date from 1995-01-01 to today, name and owner 1–80 characters. \
      Only the edited record changes; the write is refused if the file changed since it was read. \
      With sources.restdb in content/site.yml, add, edit and remove go to restdb first \
      (key from the variable api_key_env names) and cats.json changes only if restdb accepts.
      """,
    subcommands: [List.self, Add.self, Edit.self, Remove.self]
  )

  /// The fields `add` and `edit` take.
  struct Fields: ParsableArguments {
    @Option(help: "The cat's name.") var name: String?
    @Option(help: "The owner's name.") var owner: String?
    @Option(help: ArgumentHelp("A breed id (mcoo) or name (\"Maine Coon\").", valueName: "breed")) var breed: String?
    @Option(help: ArgumentHelp("Birth date.", valueName: "YYYY-MM-DD")) var born: String?
    @Option(help: ArgumentHelp("Weight in kg, e.g. 4.5.", valueName: "kg")) var weight: String?
    @Option(help: ArgumentHelp("Rating from 1 to 5.", valueName: "n")) var rating: String?
    @Option(
      help: ArgumentHelp(
        "An image file (copied into content/photos/cats/), an https URL, a photo's name, or none.",
        valueName: "file|url|none"))
    var photo: String?

    var values: [String: String] {
      let all = [
        "name": name, "owner": owner, "breed": breed, "born": born, "weight": weight, "rating": rating,
        "photo": photo,
      ]
      return all.compactMapValues { $0 }
    }
  }

  /// Prints an editor's refusal, in its own order, and exits 1.
  static func fail(_ refusal: EditRefusal) -> ExitCode {
    Console.print(refusal.diagnostics, sorted: false)
    return ExitCode.failure
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the owned cats with their ids.")
    @OptionGroup var options: SiteFolder
    @Flag(help: "Print JSON instead of a table.") var json = false

    func run() throws {
      let cats: [ContentEditor.CatRow]
      do { cats = try options.editor().listCats() } catch let refusal as EditRefusal { throw fail(refusal) }
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Console.out(String(decoding: try encoder.encode(cats), as: UTF8.self))
        return
      }
      let rows =
        [["ID", "NAME", "OWNER", "BREED", "BORN", "KG", "RATING"]]
        + cats.map { [$0.id, $0.name, $0.owner, $0.breed, $0.born, $0.weightKg, String($0.rating)] }
      let widths = (0..<7).map { column in rows.map { $0[column].count }.max() ?? 0 }
      for row in rows {
        Console.out(
          zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
            .trimmingCharacters(in: .whitespaces))
      }
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a cat; every field but --photo is required.")
    @OptionGroup var options: SiteFolder
    @OptionGroup var fields: Fields
    @OptionGroup var keyHosts: KeyHostOptions

    func run() async throws {
      do {
        let id = try await options.editor(allowingKeyHosts: keyHosts).addCat(fields.values)
        Console.out("added \(fields.name ?? "the cat") as \(id) to content/cats.json")
      } catch let refusal as EditRefusal {
        throw fail(refusal)
      }
    }
  }

  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change the given fields of one cat.")
    @Argument(help: ArgumentHelp("The cat's _id, or the slug of its page (cats list shows it).", valueName: "id"))
    var id: String
    @OptionGroup var options: SiteFolder
    @OptionGroup var fields: Fields
    @OptionGroup var keyHosts: KeyHostOptions

    func run() async throws {
      guard !fields.values.isEmpty else {
        throw ValidationError(
          "nothing to change: give at least one of --name, --owner, --breed, --born, --weight, --rating, --photo")
      }
      do {
        let replaced = try await options.editor(allowingKeyHosts: keyHosts).editCat(id, fields.values)
        Console.out("edited \(id) in content/cats.json")
        if let replaced { Console.out(replaced.sentence(old: true)) }
      } catch let refusal as EditRefusal {
        throw fail(refusal)
      }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove one cat.")
    @Argument(help: ArgumentHelp("The cat's _id, or the slug of its page.", valueName: "id")) var id: String
    @OptionGroup var options: SiteFolder
    @OptionGroup var keyHosts: KeyHostOptions

    func run() async throws {
      do {
        let photo = try await options.editor(allowingKeyHosts: keyHosts).removeCat(id)
        Console.out("removed \(id) from content/cats.json")
        if let photo { Console.out(photo.sentence()) }
      } catch let refusal as EditRefusal {
        throw fail(refusal)
      }
    }
  }
}

struct Caption: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Set the caption of a photo of parks.plist.",
    discussion: "Only the caption changes; a binary plist stays binary, an XML one XML.")
  @Argument(help: ArgumentHelp("The photo's name as parks.plist has it (falls1).", valueName: "photo-name"))
  var photo: String
  @Argument(help: "The new caption.") var caption: String
  @OptionGroup var options: SiteFolder

  func run() throws {
    do {
      try options.editor().caption(photo, caption)
      Console.out("captioned \(photo) in content/parks.plist")
    } catch let refusal as EditRefusal {
      throw Cats.fail(refusal)
    }
  }
}

extension SiteFolder {
  /// The editor of this site's content, sending a restdb key only to its
  /// own host and those of `--allow-key-host`.
  func editor(allowingKeyHosts hosts: KeyHostOptions? = nil) throws -> ContentEditor {
    var editor = ContentEditor(siteRoot: root, fileSystem: LocalFileSystem(), codec: try Console.codec())
    editor.allowedKeyHosts = hosts?.hosts ?? []
    return editor
  }
}
