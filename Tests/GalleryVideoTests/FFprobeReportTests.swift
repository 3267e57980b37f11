import Foundation
import GalleryCore
import Testing

@testable import GalleryVideo

/// ffprobe's JSON as different versions and files write it, read without ffmpeg.
@Suite("ffprobe's report")
struct FFprobeReportTests {
  static func parse(_ json: String) throws -> VideoProbe {
    try FFprobeReport.parse(Data(json.utf8), fileSize: 123)
  }

  /// An iPhone clip as ffprobe 5.1 reports it: HEVC 10-bit HLG, turned by a
  /// display matrix, cover-art-free, with AAC and a metadata track.
  static let iPhone = """
    {"streams": [
      {"index": 0, "codec_name": "hevc", "profile": "Main 10", "codec_type": "video", "width": 1920,
       "height": 1080, "sample_aspect_ratio": "1:1", "pix_fmt": "yuv420p10le", "color_range": "tv",
       "color_space": "bt2020nc", "color_transfer": "arib-std-b67", "color_primaries": "bt2020",
       "field_order": "progressive", "r_frame_rate": "30/1", "avg_frame_rate": "7481/300",
       "bits_per_raw_sample": "N/A", "bit_rate": "7742583", "disposition": {"attached_pic": 0},
       "tags": {"rotate": "0"},
       "side_data_list": [{"side_data_type": "DOVI configuration record"},
         {"side_data_type": "Display Matrix", "displaymatrix": "…", "rotation": -90}]},
      {"index": 1, "codec_name": "aac", "profile": "LC", "codec_type": "audio", "sample_rate": "44100",
       "channels": 2},
      {"index": 2, "codec_type": "data", "codec_tag_string": "mebx"}],
     "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "9.966667", "size": "9684093",
       "bit_rate": "7773180"}}
    """

  @Test("an iPhone clip: HEVC 10-bit HLG, a quarter turn clockwise from its matrix, sound, VFR")
  func iPhone() throws {
    let probe = try Self.parse(Self.iPhone)
    let video = try #require(probe.video)
    #expect(video.codec == "hevc" && video.profile == "Main 10")
    #expect(video.bitDepth == 10, "from the pixel format, as ffprobe says N/A")
    #expect(video.rotation == 90, "the matrix wins over the tag")
    #expect(video.displayWidth == 1080 && video.displayHeight == 1920)
    #expect(video.isHDR)
    #expect(video.isVariableFrameRate)
    #expect(video.colorRange == "tv" && video.colorSpace == "bt2020nc")
    #expect(probe.audio == AudioStream(index: 1, codec: "aac", profile: "LC", channels: 2, sampleRate: 44_100))
    #expect(probe.duration == 9.966667)
    #expect(probe.fileSize == 9_684_093)
    #expect(probe.bitRate == 7_773_180)
  }

  @Test(
    "the rotation: the matrix's counter-clockwise angle or an old clockwise rotate tag, as clockwise quarter turns",
    arguments: [
      (#""side_data_list": [{"side_data_type": "Display Matrix", "rotation": 90}]"#, 270),
      (#""side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90.00}]"#, 90),
      (#""side_data_list": [{"side_data_type": "Display Matrix", "rotation": 180}]"#, 180),
      (#""side_data_list": [{"side_data_type": "Display Matrix", "rotation": -180}]"#, 180),
      (#""tags": {"rotate": "90"}"#, 90),
      (#""tags": {"rotate": "270"}"#, 270),
      (#""tags": {"language": "und"}"#, 0),
    ])
  func rotation(field: String, clockwise: Int) throws {
    let probe = try Self.parse(
      #"{"streams": [{"index": 0, "codec_type": "video", "codec_name": "h264", "width": 64, "height": 48, "#
        + field + "}], \"format\": {\"format_name\": \"mov,mp4,m4a,3gp,3g2,mj2\"}}")
    #expect(probe.video?.rotation == clockwise)
  }

  @Test("cover art is not the picture; a file of sound only has none")
  func coverArt() throws {
    let probe = try Self.parse(
      """
      {"streams": [{"index": 0, "codec_type": "audio", "codec_name": "aac", "channels": 2},
        {"index": 1, "codec_type": "video", "codec_name": "mjpeg", "width": 600, "height": 600,
         "disposition": {"attached_pic": 1}}],
       "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "180.0"}}
      """)
    #expect(probe.video == nil)
    #expect(probe.audio?.codec == "aac")
  }

  @Test("unknown values are left out: unknown colours, 0/0 rates, 0:1 aspect, N/A duration, a missing size")
  func unknowns() throws {
    let probe = try Self.parse(
      """
      {"streams": [{"index": 3, "codec_type": "video", "codec_name": "vp9", "width": 640, "height": 480,
        "color_transfer": "unknown", "color_primaries": "unspecified", "r_frame_rate": "0/0",
        "avg_frame_rate": "0/0", "sample_aspect_ratio": "0:1", "duration": "N/A"}],
       "format": {"format_name": "matroska,webm", "duration": "N/A"}}
      """)
    let video = try #require(probe.video)
    #expect(video.index == 3)
    #expect(video.colorTransfer == nil && video.colorPrimaries == nil)
    #expect(video.averageFrameRate?.value == nil && !video.isVariableFrameRate)
    #expect(video.displayWidth == 640, "an unknown aspect is square")
    #expect(probe.duration == nil)
    #expect(probe.fileSize == 123, "the size the file system gave")
    #expect(video.bitDepth == 8)
  }

  @Test("an answer that is not JSON is an unreadable clip")
  func notJSON() {
    #expect(throws: VideoError(.unreadable, "ffprobe's answer is not JSON")) { try Self.parse("moov atom not found") }
  }
}
