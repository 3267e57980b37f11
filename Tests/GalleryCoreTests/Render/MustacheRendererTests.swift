import Foundation
import Testing

@testable import GalleryCore

/// `MustacheRenderer` on the Mustache rules our templates and users' overrides
/// rely on. Each case's expected text is also what swift-mustache renders,
/// which is checked alongside: the renderer replaces it byte for byte.
@Suite("Mustache renderer")
struct MustacheRendererTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var rule: String
    /// Templates by name; "main" is rendered.
    var templates: [String: String]
    nonisolated(unsafe) var context: [String: Any]
    var expected: String
    var testDescription: String { rule }
  }

  static let cases: [Case] = [
    Case(
      rule: "{{x}} escapes the five HTML characters, {{{x}}} and {{& x}} do not",
      templates: ["main": "{{a}}|{{{a}}}|{{& a}}"], context: ["a": "<b>\"x\" & 'y'</b>"],
      expected: "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;|<b>\"x\" & 'y'</b>|<b>\"x\" & 'y'</b>"),
    Case(
      rule: "numbers and flags print as Swift describes them; a missing name prints nothing",
      templates: ["main": "{{n}} {{f}} {{d}} [{{missing}}]"], context: ["n": 3, "f": true, "d": 1.5],
      expected: "3 true 1.5 []"),
    Case(
      rule: "a dotted name walks into nested values",
      templates: ["main": "{{a.b.c}}/{{#a}}{{b.c}}{{/a}}"], context: ["a": ["b": ["c": "deep"]]],
      expected: "deep/deep"),
    Case(
      rule: "a name is looked up the context stack, innermost first",
      templates: ["main": "{{#outer}}{{#inner}}{{x}}-{{y}}-{{z}}{{/inner}}{{/outer}}"],
      context: ["z": "top", "outer": ["x": "1", "z": "outer", "inner": ["y": "2"]]],
      expected: "1-2-outer"),
    Case(
      rule: "a dotted name's first part climbs the stack, the rest stays within what it found",
      templates: ["main": "{{#c}}[{{a.b}}]{{/c}}[{{a.b}}]"],
      context: ["a": ["b": "top"], "c": ["a": ["other": "x"]]],
      expected: "[][top]"),
    Case(
      rule: "a name starting with a dot looks only at the current value",
      templates: ["main": "{{#c}}[{{.x}}|{{x}}]{{/c}}"], context: ["x": "top", "c": ["y": "1"]],
      expected: "[|top]"),
    Case(
      rule: "a section repeats for each element of a list, with {{.}} the element",
      templates: ["main": "{{#list}}{{.}},{{/list}}{{#people}}{{name}};{{/people}}"],
      context: ["list": ["x", "y"], "people": [["name": "Ann"], ["name": "Bo"]]],
      expected: "x,y,Ann;Bo;"),
    Case(
      rule:
        "a section shows for true, any string or number (empty and zero too) and any dictionary; not for false or nil",
      templates: [
        "main": "{{#t}}T{{/t}}{{#f}}F{{/f}}{{#s}}[{{.}}]{{/s}}{{#z}}<{{.}}>{{/z}}{{#d}}D{{/d}}{{#none}}N{{/none}}"
      ],
      context: ["t": true, "f": false, "s": "", "z": 0, "d": [String: Any]()],
      expected: "T[]<0>D"),
    Case(
      rule: "an inverted section shows for false, nil and an empty list only",
      templates: ["main": "{{^f}}F{{/f}}{{^none}}N{{/none}}{{^empty}}E{{/empty}}{{^s}}S{{/s}}{{^list}}L{{/list}}"],
      context: ["f": false, "empty": [Any](), "s": "", "list": ["x"]],
      expected: "FNE"),
    Case(
      rule: "empty(x) is true for an empty list or string, false for a full one; with x missing it is nil",
      templates: [
        "main": "{{^empty(list)}}A{{/empty(list)}}{{^empty(full)}}B{{/empty(full)}}"
          + "{{^empty(missing)}}C{{/empty(missing)}}{{#empty(s)}}D{{/empty(s)}}"
      ],
      context: ["list": [Any](), "full": ["x"], "s": ""],
      expected: "BCD"),
    Case(
      rule: "a standalone section tag takes its whole line, a comment disappears",
      templates: ["main": "a\n{{#f}}\nb{{! why }}\n  {{/f}}\nc\n"], context: ["f": true],
      expected: "a\nb\nc\n"),
    Case(
      rule: "a standalone indented partial indents each of its lines",
      templates: ["main": "<ul>\n  {{> item}}\n</ul>\n", "item": "<li>{{a}}</li>\n<li>b</li>\n"],
      context: ["a": "1"],
      expected: "<ul>\n  <li>1</li>\n  <li>b</li>\n</ul>\n"),
    Case(
      rule: "a partial inside text is not indented and sees the context where it stands",
      templates: ["main": "{{#p}}<{{> item}}>{{/p}}", "item": "{{name}}\n{{name}}"], context: ["p": ["name": "x"]],
      expected: "<x\nx>"),
    Case(
      rule: "a child overrides its parent's blocks; the others keep their defaults",
      templates: [
        "main": "{{<parent}}{{$title}}Mine {{a}}{{/title}}{{/parent}}",
        "parent": "<h1>{{$title}}Default{{/title}}</h1>\n{{$body}}Body{{/body}}\n",
      ],
      context: ["a": "<"],
      expected: "<h1>Mine &lt;</h1>\nBody\n"),
    Case(
      rule:
        "an indented block's override is indented line by line; a block opened and closed on one line keeps its line end",
      templates: [
        "main": "{{<parent}}\n{{$body}}\none\ntwo\n{{/body}}\n{{/parent}}\n",
        "parent": "<main>\n  {{$body}}{{/body}}\n</main>\n",
      ],
      context: [:],
      expected: "<main>\n  one\n  two\n\n</main>\n"),
    Case(
      rule: "set delimiters change the tags for the rest of the template",
      templates: ["main": "{{=<% %>=}}<% a %>{{a}}"], context: ["a": "<"],
      expected: "&lt;{{a}}"),
    Case(
      rule: "the TEXT content type stops escaping until the template ends",
      templates: ["main": "{{% CONTENT_TYPE: TEXT }}{{a}}{{> item}}", "item": "{{a}}"], context: ["a": "<"],
      expected: "<&lt;"),
  ]

  /// `templates` compiled as a theme, and "main" rendered both ways.
  static func render(_ templates: [String: String], _ context: [String: Any]) throws -> (
    ours: String?, reference: String?
  ) {
    let theme = Theme(
      files: Dictionary(uniqueKeysWithValues: templates.map { ($0.key + ".mustache", Data($0.value.utf8)) }),
      overridden: [])
    let (set, _) = TemplateSet.compile(theme)
    try #require(set.compiled != nil)
    return (set.render(context, template: "main"), set.referenceRender(context, template: "main"))
  }

  @Test("renders as the Mustache rules and swift-mustache say", arguments: cases)
  func rule(_ rule: Case) throws {
    let (ours, reference) = try Self.render(rule.templates, rule.context)
    #expect(ours == rule.expected)
    #expect(reference == rule.expected)
  }

  @Test("a template with a dynamic partial is rendered by swift-mustache, with the same result")
  func dynamicPartial() throws {
    let theme = Theme(
      files: ["main.mustache": Data("[{{>*which}}]".utf8), "item.mustache": Data("{{a}}".utf8)], overridden: [])
    let (set, _) = TemplateSet.compile(theme)
    #expect(set.compiled == nil)
    #expect(set.render(["which": "item", "a": "<"], template: "main") == "[&lt;]")
  }
}
