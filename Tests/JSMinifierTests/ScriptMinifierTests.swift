import Foundation
import Testing

@testable import JSMinifier

@Suite("The theme's JavaScript minifier")
struct ScriptMinifierTests {
  @Test("minifies each tricky input to exactly the expected text", arguments: minifierCases)
  func exactOutput(_ testCase: MinifierCase) {
    #expect(ScriptMinifier.minify(testCase.input) == testCase.output)
  }

  @Test("the expected texts mean what their inputs do, run through node")
  func sameMeaning() throws {
    guard let node = NodeRunner.find() else { return }
    let pairs = minifierCases.map { [$0.name, $0.input, $0.output] }
    let differing = try NodeRunner.run(node, script: NodeRunner.compareBodies, input: pairs)
    #expect(differing.isEmpty, "input and output differ when run: \(differing)")
  }

  @Test("a comment at the very end leaves nothing behind", arguments: ["a()//x", "a()/*x*/", "a()/*x"])
  func trailingComment(_ input: String) {
    #expect(ScriptMinifier.minify(input) == "a()")
  }

  @Test("the theme's own scripts come out as node parses them")
  func themeScriptsParse() throws {
    guard let node = NodeRunner.find() else { return }
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../templates/js").standardizedFileURL
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
    #expect(!names.isEmpty)
    let scripts = try names.sorted().map { name in
      [name, ScriptMinifier.minify(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))]
    }
    let failing = try NodeRunner.run(node, script: NodeRunner.parseScripts, input: scripts)
    #expect(failing.isEmpty, "node cannot parse the minified \(failing)")
  }
}
