import Foundation
import Mustache

/// Compiled Mustache templates with every reference checked up front, because
/// swift-mustache renders an unknown partial as empty text instead of failing.
package struct TemplateSet: Sendable {
  /// The templates of the kinds of page the planner renders.
  package static let required = PageKind.templates

  let library: MustacheLibrary
  /// The templates compiled for `MustacheRenderer`, by name; nil when one of
  /// them uses what it does not render (a dynamic partial, a list-position
  /// transform), and swift-mustache renders the whole set instead.
  let compiled: [String: [MustacheNode]]?

  package static func compile(_ theme: Theme) -> (TemplateSet, [Diagnostic]) {
    HTMLEscape.registered
    var library = MustacheLibrary()
    var diagnostics: [Diagnostic] = []
    var names: [String: String] = [:]
    var compiled: [String: [MustacheNode]]? = [:]
    for template in theme.templates {
      let file = "templates/" + template.path
      if let other = names[template.name] {
        diagnostics.append(
          .error(
            "template name \"\(template.name)\" is also used by templates/\(other)", at: SourceLocation(file: file)))
        continue
      }
      names[template.name] = template.path
      do {
        // The pragma shares the first line, so line numbers stay the user's.
        let parsed = try MustacheTemplate(string: HTMLEscape.pragma + template.text)
        library.register(parsed, named: template.name)
        compiled?[template.name] = try? MustacheCompiler.compile(parsed)
        if compiled?[template.name] == nil { compiled = nil }
      } catch let error as MustacheTemplate.ParserError {
        let line = error.context.lineNumber
        let column = error.context.columnNumber - (line == 1 ? HTMLEscape.pragma.count : 0)
        diagnostics.append(
          .error(
            "invalid template: \(Self.describe(error.error))",
            at: SourceLocation(file: file, line: line, column: column)))
      } catch {
        diagnostics.append(.error("invalid template", at: SourceLocation(file: file)))
      }
    }
    for template in theme.templates {
      for reference in references(in: template.text) where names[reference.name] == nil {
        diagnostics.append(
          .error(
            "template \"\(reference.name)\" is not in templates/ or the built-in theme",
            at: SourceLocation(file: "templates/" + template.path, line: reference.line)))
      }
    }
    for name in required where names[name] == nil {
      diagnostics.append(.error("missing page template \"\(name)\" (expected templates/\(name).mustache)"))
    }
    return (TemplateSet(library: library, compiled: compiled), diagnostics)
  }

  /// Partials (`{{> name}}`) and parents (`{{< name}}`) a template uses, with lines.
  static func references(in text: String) -> [(name: String, line: Int)] {
    var found: [(String, Int)] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var rest = Substring(line)
      while let open = rest.range(of: "{{") {
        rest = rest[open.upperBound...]
        guard let marker = rest.first, marker == ">" || marker == "<" else { continue }
        guard let close = rest.range(of: "}}") else { break }
        let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound]
          .trimmingCharacters(in: .whitespaces)
        if !name.isEmpty { found.append((name, offset + 1)) }
        rest = rest[close.upperBound...]
      }
    }
    return found
  }

  package func render(_ model: Any, template: String) -> String? {
    bytes(model, template: template).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The page `template` makes of `model` (`MustacheContextEncoder`'s shape), as UTF-8.
  package func bytes(_ model: Any, template: String) -> [UInt8]? {
    guard let compiled else { return library.render(model, withTemplate: template).map { Array($0.utf8) } }
    guard let nodes = compiled[template] else { return nil }
    var renderer = MustacheRenderer(templates: compiled, context: model)
    renderer.render(nodes, scope: MustacheRenderer.Scope())
    return renderer.bytes
  }

  /// The same page rendered by swift-mustache, which `bytes` must match byte for byte.
  package func referenceRender(_ model: Any, template: String) -> String? {
    library.render(model, withTemplate: template)
  }

  /// swift-mustache's parser errors in words, for the message after the location.
  package static func describe(_ error: Error) -> String {
    guard let error = error as? MustacheTemplate.Error else { return "the template cannot be parsed" }
    return switch error {
    case .sectionCloseNameIncorrect: "a section is closed with another name than it was opened with"
    case .unfinishedName: "a tag is not closed with }}"
    case .expectedSectionEnd: "a section is opened but never closed ({{/name}} is missing)"
    case .invalidSetDelimiter: "a set-delimiter tag is malformed"
    case .transformAppliedToInheritanceSection: "a transform is applied to an inherited section"
    case .illegalTokenInsideInheritSection: "only blocks may stand inside a partial's inherit section"
    case .textInsideInheritSection: "text stands inside a partial's inherit section"
    case .invalidConfigVariableSyntax: "a pragma is malformed"
    case .unrecognisedConfigVariable: "a pragma names an unknown setting"
    }
  }
}
