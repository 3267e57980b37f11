import Testing

@testable import GalleryVideo

/// ffmpeg's standard error as one plain line, without our paths.
@Suite("ffmpeg's messages")
struct FFmpegMessageTests {
  @Test(
    "each message as a user reads it",
    arguments: [
      (
        "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55ec6baba1c0] moov atom not found\nfile:/tmp/a b/x.mov: Invalid data found when processing input\n",
        "cut short or never finished: no moov atom (the index a recording gets when it stops)"
      ),
      ("file:/tmp/a b/x.mov: Invalid data found when processing input\n", "not a video ffmpeg can read"),
      (
        "[NULL @ 0x5623] Invalid NAL unit size (3726 > 2470).\n[mov @ 0x5623] stream 1, offset 0xef48: partial file\n"
          + "file:/tmp/a b/x.mov: corrupt input packet in stream 0\n[mov @ 0x5623] stream 0, offset 0xf00c: partial file\n",
        "damaged data; cut short: the data ends early"
      ),
      (
        "file:/tmp/out/o.mp4: No space left on device\nConversion failed!\n",
        "No space left on device"
      ),
      (
        "[libx264 @ 0x1] width not divisible by 2 (333x241)\nError initializing output stream 0:0 -- for file:/tmp/out/o.mp4\n",
        "width not divisible by 2 (333x241); Error initializing output stream 0:0 -- for output"
      ),
      ("", "ffmpeg stopped with status 1"),
    ])
  func condensed(errors: String, line: String) {
    #expect(FFmpegMessage.condense(errors, source: "/tmp/a b/x.mov", output: "/tmp/out/o.mp4", status: 1) == line)
  }

  @Test("a long message is cut to one line of at most 300 characters")
  func long() {
    let errors = (1...40).map { "problem number \($0)" }.joined(separator: "\n")
    let line = FFmpegMessage.condense(errors, source: "/x", status: 1)
    #expect(line.count == 300)
    #expect(line.hasSuffix("…"))
    #expect(!line.contains("\n"))
  }
}
