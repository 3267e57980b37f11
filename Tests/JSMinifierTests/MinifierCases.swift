import Foundation
import Testing

@testable import JSMinifier

/// One input that breaks naive minifiers, and what the minifier must make of it. Each input is
/// a function body whose `return` value shows its meaning, so the same table can be run
/// through node to show the output means what the input does.
struct MinifierCase: CustomTestStringConvertible, Sendable {
  let name: String
  let input: String
  let output: String

  init(_ name: String, _ input: String, _ output: String) {
    self.name = name
    self.input = input
    self.output = output
  }

  var testDescription: String { name }
}

/// The table: regular expressions against division, strings and template literals holding
/// comment openers, line breaks that end statements, comments at the end, and the tokens
/// that must not merge.
let minifierCases: [MinifierCase] = [
  MinifierCase(
    "regex of a comment opener",
    "var r = /\\/\\*/; return r.test('a/*b')",
    "var r=/\\/\\*/;return r.test('a/*b')"),
  MinifierCase(
    "division chain",
    "var b = 12, c = 3, d = 2; var a = b / c / d; return a",
    "var b=12,c=3,d=2;var a=b/c/d;return a"),
  MinifierCase(
    "regex after =",
    "var x = /re/g; return x.flags + x.source",
    "var x=/re/g;return x.flags+x.source"),
  MinifierCase(
    "regex after (",
    "return ('abc').replace(/b/, 'x')",
    "return('abc').replace(/b/,'x')"),
  MinifierCase(
    "regex after ,",
    "return [1, /a,b/].length + String([0, /a,b/][1])",
    "return[1,/a,b/].length+String([0,/a,b/][1])"),
  MinifierCase(
    "regex after return",
    "return /a\\/b/.test('a/b')",
    "return/a\\/b/.test('a/b')"),
  MinifierCase(
    "regex with slash in class",
    "return /[/]x/.source",
    "return/[/]x/.source"),
  MinifierCase(
    "division after )",
    "var a = (6) / 2 / 3; return a",
    "var a=(6)/2/3;return a"),
  MinifierCase(
    "division after ]",
    "var a = [6][0] / 2 / 3; return a",
    "var a=[6][0]/2/3;return a"),
  MinifierCase(
    "division after postfix ++",
    "var i = 4; var a = i++ / 2 / 1; return a + i",
    "var i=4;var a=i++/2/1;return a+i"),
  MinifierCase(
    "division after postfix --",
    "var i = 4; var a = i-- / 2 / 1; return a + i",
    "var i=4;var a=i--/2/1;return a+i"),
  MinifierCase(
    "strings with comment openers",
    "return 'http://a' + \"/* b */\" + '//c'",
    "return'http://a'+\"/* b */\"+'//c'"),
  MinifierCase(
    "template with code and comment openers",
    "var b = 2; return `a ${b + 1} // c /* d */ ${ `n${b}` }`",
    "var b=2;return`a ${b+1} // c /* d */ ${`n${b}`}`"),
  MinifierCase(
    "template with braces in code",
    "var o = {k: 1}; return `v=${ {k: o.k}.k }`",
    "var o={k:1};return`v=${{k:o.k}.k}`"),
  MinifierCase(
    "template over lines",
    "return `a\n  b`",
    "return`a\n  b`"),
  MinifierCase(
    "return then newline",
    "return\n7",
    "return\n7"),
  MinifierCase(
    "newline before ++",
    "var a = 1, b = 1\na\n++b\nreturn [a, b]",
    "var a=1,b=1\na\n++b\nreturn[a,b]"),
  MinifierCase(
    "line starting with (",
    "var f = function () { return 3 }\nvar x = f\n(1)\nreturn x",
    "var f=function(){return 3}\nvar x=f\n(1)\nreturn x"),
  MinifierCase(
    "line starting with [",
    "var a = [[1,2]]\n[0]\nreturn a",
    "var a=[[1,2]]\n[0]\nreturn a"),
  MinifierCase(
    "line starting with .",
    "return 'ab'\n  .toUpperCase()",
    "return'ab'.toUpperCase()"),
  MinifierCase(
    "comment at end of file",
    "return 1 // end",
    "return 1"),
  MinifierCase(
    "block comment at end of file",
    "return 1 /* end */",
    "return 1"),
  MinifierCase(
    "closing script tag in a string",
    "return '</script>' + \"<\\/script>\"",
    "return'</script>'+\"<\\/script>\""),
  MinifierCase(
    "a plus plus b",
    "var a = 1, b = 2; return a + +b + (a - -b) + (a+ ++b)",
    "var a=1,b=2;return a+ +b+(a- -b)+(a+ ++b)"),
  MinifierCase(
    "number then dot",
    "return 1 .toString() + 1.5.toFixed(1)",
    "return 1 .toString()+1.5.toFixed(1)"),
  MinifierCase(
    "keyword then name",
    "var o = {a: 1}; return typeof o + ('a' in o) + (o instanceof Object)",
    "var o={a:1};return typeof o+('a'in o)+(o instanceof Object)"),
  MinifierCase(
    "empty statement before brace",
    "var n = 0; for (var i = 0; i < 3; i++) ; if (n) ; else { n = i; }; return n",
    "var n=0;for(var i=0;i<3;i++);if(n);else{n=i};return n"),
  MinifierCase(
    "empty while body",
    "var i = 0; function f() { while (i++ < 3) ; } f(); return i",
    "var i=0;function f(){while(i++<3);}f();return i"),
  MinifierCase(
    "semicolon before brace",
    "function f() { var a = 1; return a; } return f();",
    "function f(){var a=1;return a}return f();"),
  MinifierCase(
    "block comment with newline is a line break",
    "var a = 1\n/* x\n */a\nreturn a",
    "var a=1\na\nreturn a"),
  MinifierCase(
    "never makes <!-- (a comment in a classic script)",
    "var a = 1, b = 2; return a < !--b",
    "var a=1,b=2;return a< !--b"),
  MinifierCase(
    "regex after }",
    "if (true) {}\n/x/.test('x'); return 1",
    "if(true){}\n/x/.test('x');return 1"),
  MinifierCase(
    "string with escaped quote",
    "return 'it\\'s // not' + \"a \\\" /* b\"",
    "return'it\\'s // not'+\"a \\\" /* b\""),
  MinifierCase(
    "regex after typeof",
    "return typeof /a/",
    "return typeof/a/"),
  MinifierCase(
    "regex with flags then division",
    "return /a/g.source.length / 1",
    "return/a/g.source.length/1"),
  MinifierCase(
    "arrow returning regex",
    "var f = () => /x/; return f().source",
    "var f=()=>/x/;return f().source"),
  MinifierCase(
    "object literal then division",
    "var x = ({a: 4}).a / 2; return x",
    "var x=({a:4}).a/2;return x"),
  MinifierCase(
    "division after postfix ++ before a string with a slash",
    "var i = 4; var a = i++ / 2, s = '/'; return a + s",
    "var i=4;var a=i++/2,s='/';return a+s"),
  MinifierCase(
    "never makes --> (a comment at the start of a line)",
    "var a = 3, b = 1; return a-- > b",
    "var a=3,b=1;return a-- >b"),
]
