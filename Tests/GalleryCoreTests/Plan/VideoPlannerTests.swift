import Testing

@testable import GalleryCore

/// The planner's decisions from probes alone: remux or transcode and why,
/// sizes with rotation, stretching and odd sides, HDR, sound, refusals.
@Suite("Video planner")
struct VideoPlannerTests {
  static let mp4 = "mov,mp4,m4a,3gp,3g2,mj2"
  static let full = VideoCapabilities(isAvailable: true, toneMapping: true)

  /// A clip that remuxes: H.264 High 8-bit, 1920×1080 at 30 fps, 6 Mbit/s, AAC, 10 s.
  static func web(
    width: Int = 1920, height: Int = 1080, _ change: (inout VideoStream) -> Void = { _ in }
  ) -> VideoProbe {
    var video = VideoStream(
      index: 0, codec: "h264", profile: "High", pixelFormat: "yuv420p", width: width, height: height,
      averageFrameRate: VideoRatio(30, 1), baseFrameRate: VideoRatio(30, 1), bitRate: 6_000_000)
    change(&video)
    return VideoProbe(
      container: mp4, fileSize: 7_500_000, duration: 10, bitRate: 6_100_000, video: video,
      audio: AudioStream(index: 1, codec: "aac", profile: "LC", channels: 2, sampleRate: 48_000))
  }

  static func plan(
    _ probe: VideoProbe, settings: VideoSettings = VideoSettings(), capabilities: VideoCapabilities = full
  )
    throws -> VideoPlan
  {
    try VideoPlanner.plan(probe, settings: settings, capabilities: capabilities)
  }

  /// The value after `option` in the plan's arguments.
  static func value(_ option: String, _ plan: VideoPlan) -> String? {
    let arguments = plan.arguments(source: "/in.mov", output: "/out.mp4")
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
  }

  @Test("H.264 High 8-bit 4:2:0 with AAC within the limits is remuxed: copied, index first, no tags")
  func remux() throws {
    let plan = try Self.plan(Self.web())
    #expect(plan.action == .remux)
    #expect(plan.reason == nil)
    #expect(plan.width == 1920 && plan.height == 1080)
    #expect(plan.key == VideoSettings().key + "-remux")
    let arguments = plan.arguments(source: "/in.mov", output: "/out.mp4")
    #expect(
      arguments == [
        "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-nostats", "-progress", "pipe:1", "-xerror",
        "-protocol_whitelist", "file", "-format_whitelist", "mov,matroska,ogg,avi,mpegts,mpeg,flv,asf", "-f", "mov",
        "-i", "file:/in.mov", "-map", "0:0", "-map", "0:1", "-map_metadata", "-1", "-map_chapters", "-1", "-c", "copy",
        "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
        "-max_muxing_queue_size", "4096", "-f", "mp4", "file:/out.mp4",
      ])
  }

  @Test("the other profiles every browser decodes remux too, and a silent clip, and Matroska")
  func remuxToo() throws {
    for profile in ["Constrained Baseline", "Baseline", "Main"] {
      #expect(try Self.plan(Self.web { $0.profile = profile }).action == .remux, "\(profile)")
    }
    var silent = Self.web()
    silent.audio = nil
    #expect(try Self.plan(silent).action == .remux)
    #expect(try !Self.plan(silent).outputOptions.contains("0:1"))
    var matroska = Self.web()
    matroska.container = "matroska,webm"
    #expect(try Self.plan(matroska).action == .remux)
  }

  struct Blocker: Sendable, CustomTestStringConvertible {
    var name: String
    var reason: String
    var change: @Sendable (inout VideoProbe) -> Void
    var testDescription: String { name }
  }

  static let blockers: [Blocker] = [
    Blocker(name: "HEVC", reason: "hevc, not H.264") { $0.video?.codec = "hevc" },
    Blocker(name: "10-bit H.264", reason: "pixel format yuv420p10le, not yuv420p") {
      $0.video?.pixelFormat = "yuv420p10le"
    },
    Blocker(name: "full-range 4:2:0", reason: "pixel format yuvj420p, not yuv420p") {
      $0.video?.pixelFormat = "yuvj420p"
    },
    Blocker(name: "High 4:4:4", reason: "H.264 profile High 4:4:4 Predictive") {
      $0.video?.profile = "High 4:4:4 Predictive"
    },
    Blocker(name: "a quarter turn", reason: "turned 90° by its display matrix") { $0.video?.rotation = 90 },
    Blocker(name: "upside down", reason: "turned 180° by its display matrix") { $0.video?.rotation = 180 },
    Blocker(name: "stretched pixels", reason: "pixels that are not square") {
      $0.video?.sampleAspectRatio = VideoRatio(4, 3)
    },
    Blocker(name: "PQ", reason: "HDR (smpte2084)") { $0.video?.colorTransfer = "smpte2084" },
    Blocker(name: "HLG", reason: "HDR (arib-std-b67)") { $0.video?.colorTransfer = "arib-std-b67" },
    Blocker(name: "interlaced", reason: "interlaced") { $0.video?.fieldOrder = "tt" },
    Blocker(name: "4K", reason: "3840×2160, over videos.max_height (1080)") {
      $0.video?.width = 3840
      $0.video?.height = 2160
    },
    Blocker(name: "Opus", reason: "sound in opus, not AAC") { $0.audio?.codec = "opus" },
    Blocker(name: "AVI", reason: "the avi container, whose timestamps MP4 may not keep") { $0.container = "avi" },
    Blocker(name: "a phone's bit rate", reason: "17000 kbit/s, more than the web needs at this size") {
      $0.video?.bitRate = 17_000_000
    },
    Blocker(name: "no stream bit rate, a large file", reason: "16000 kbit/s, more than the web needs at this size") {
      $0.video?.bitRate = nil
      $0.bitRate = nil
      $0.fileSize = 20_000_000
    },
  ]

  @Test("each thing a browser may not play, or not upright, or too large, makes a transcode", arguments: blockers)
  func transcode(blocker: Blocker) throws {
    var probe = Self.web()
    blocker.change(&probe)
    let plan = try Self.plan(probe)
    #expect(plan.action == .transcode)
    #expect(plan.reason == blocker.reason)
    #expect(Self.value("-c:v", plan) == "libx264")
    #expect(Self.value("-profile:v", plan) == "high")
    #expect(Self.value("-crf", plan) == "23")
    #expect(Self.value("-preset", plan) == "veryfast")
    #expect(Self.value("-threads", plan) == "4")
    #expect(Self.value("-fps_mode", plan) == "vfr")
    #expect(Self.value("-movflags", plan) == "+faststart")
    #expect(Self.value("-map_metadata", plan) == "-1")
    #expect(Self.value("-vf", plan)?.hasSuffix("format=yuv420p,setsar=1") == true)
  }

  struct Size: Sendable, CustomTestStringConvertible {
    var name: String
    var width: Int
    var height: Int
    var rotation = 0
    var aspect: VideoRatio?
    var maxHeight = 1080
    var output: (Int, Int)
    var filter: String?
    var testDescription: String { name }
  }

  static let sizes: [Size] = [
    Size(name: "4K landscape", width: 3840, height: 2160, output: (1920, 1080), filter: "scale=w=1920:h=1080"),
    Size(
      name: "4K phone upright", width: 3840, height: 2160, rotation: 90, output: (1080, 1920),
      filter: "scale=w=1080:h=1920"),
    Size(name: "1080p phone upright, not scaled", width: 1920, height: 1080, rotation: 270, output: (1080, 1920)),
    Size(name: "small, never enlarged", width: 640, height: 360, output: (640, 360)),
    Size(
      name: "odd sides are cut to even, not scaled", width: 333, height: 241, output: (332, 240),
      filter: "crop=w=332:h=240:x=0:y=0"),
    Size(
      name: "odd sides turned", width: 333, height: 241, rotation: 90, output: (240, 332),
      filter: "crop=w=240:h=332:x=0:y=0"),
    Size(
      name: "an odd limit is made even", width: 1920, height: 1080, maxHeight: 719, output: (1276, 718),
      filter: "scale=w=1276:h=718"),
    Size(
      name: "a scaled long side rounds to even", width: 2000, height: 1125, output: (1920, 1080),
      filter: "scale=w=1920:h=1080"),
    Size(
      name: "a scaled odd ratio rounds to even", width: 4000, height: 3000, maxHeight: 1000, output: (1334, 1000),
      filter: "scale=w=1334:h=1000"),
    Size(
      name: "PAL widescreen, stretched to square pixels", width: 720, height: 576, aspect: VideoRatio(64, 45),
      output: (1024, 576), filter: "scale=w=1024:h=576"),
    Size(
      name: "narrow pixels widen the height", width: 720, height: 480, aspect: VideoRatio(8, 9),
      output: (720, 540), filter: "scale=w=720:h=540"),
    Size(name: "a square portrait at the limit", width: 1080, height: 1080, output: (1080, 1080)),
  ]

  @Test(
    "the output size: short side at most max_height, never enlarged, even, upright, square pixels", arguments: sizes)
  func size(_ size: Size) throws {
    var settings = VideoSettings()
    settings.maxHeight = size.maxHeight
    let probe = Self.web(width: size.width, height: size.height) {
      $0.rotation = size.rotation
      $0.sampleAspectRatio = size.aspect
      $0.codec = "hevc"
    }
    let plan = try Self.plan(probe, settings: settings)
    #expect(plan.width == size.output.0 && plan.height == size.output.1, "\(plan.width)×\(plan.height)")
    let filters = try #require(Self.value("-vf", plan)).split(separator: ",").map(String.init)
    if let filter = size.filter {
      #expect(filters.first?.hasPrefix(filter) == true, "\(filters)")
    } else {
      #expect(filters == ["format=yuv420p", "setsar=1"], "nothing but the pixel format")
    }
    // ffmpeg turns the frame itself: no turn of ours on top.
    #expect(!filters.contains { $0.hasPrefix("transpose") })
  }

  @Test("HDR is tone-mapped with zscale and mobius to BT.709, tagged so, in its own cache key")
  func hdr() throws {
    let plan = try Self.plan(
      Self.web(width: 3840, height: 2160) {
        $0.codec = "hevc"
        $0.profile = "Main 10"
        $0.pixelFormat = "yuv420p10le"
        $0.colorTransfer = "arib-std-b67"
        $0.colorPrimaries = "bt2020"
        $0.colorSpace = "bt2020nc"
      })
    #expect(plan.toneMapped)
    #expect(plan.warning == nil)
    #expect(plan.key == VideoSettings().key + "-x264-tonemap")
    #expect(
      Self.value("-vf", plan)
        == "zscale=w=1920:h=1080:f=spline36:tin=arib-std-b67:pin=bt2020:min=bt2020nc:rin=limited:t=linear:npl=100,"
        + "format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=mobius:desat=0,zscale=t=bt709:m=bt709:r=limited,"
        + "format=yuv420p,setsar=1")
    for option in ["-color_primaries", "-color_trc", "-colorspace"] {
      #expect(Self.value(option, plan) == "bt709", "\(option)")
    }
    #expect(Self.value("-color_range", plan) == "tv")
  }

  @Test("HDR without zscale is relabelled as BT.709 with a warning, under another key")
  func hdrFallback() throws {
    let probe = Self.web { $0.colorTransfer = "smpte2084" }
    let plan = try Self.plan(probe, capabilities: VideoCapabilities(isAvailable: true, toneMapping: false))
    #expect(!plan.toneMapped)
    #expect(plan.warning?.contains("zscale") == true)
    #expect(plan.key == VideoSettings().key + "-x264-hdr")
    #expect(
      Self.value("-vf", plan)
        == "scale=w=1920:h=1080:flags=lanczos:out_color_matrix=bt709:out_range=tv,format=yuv420p,setsar=1")
    #expect(Self.value("-color_trc", plan) == "bt709")
  }

  @Test("SDR keeps its own colour tags; an interlaced clip is deinterlaced first")
  func sdr() throws {
    let plan = try Self.plan(Self.web { $0.fieldOrder = "bb" })
    #expect(Self.value("-color_trc", plan) == nil)
    #expect(Self.value("-vf", plan) == "bwdif=mode=send_frame:deint=interlaced,format=yuv420p,setsar=1")
  }

  @Test(
    "sound: AAC copied, the rest to AAC at 64 kbit/s a channel, at most stereo and 48 kHz",
    arguments: [
      (AudioStream(index: 1, codec: "aac", channels: 6), ["-c:a", "copy"]),
      (
        AudioStream(index: 1, codec: "pcm_s16le", channels: 2, sampleRate: 48_000),
        ["-c:a", "aac", "-b:a", "128k", "-ac", "2"]
      ),
      (
        AudioStream(index: 1, codec: "opus", channels: 1, sampleRate: 48_000),
        ["-c:a", "aac", "-b:a", "64k", "-ac", "1"]
      ),
      (
        AudioStream(index: 1, codec: "ac3", channels: 6, sampleRate: 48_000),
        ["-c:a", "aac", "-b:a", "128k", "-ac", "2"]
      ),
      (
        AudioStream(index: 1, codec: "pcm_s24le", channels: 2, sampleRate: 96_000),
        ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"]
      ),
      (nil, []),
    ])
  func sound(audio: AudioStream?, options: [String]) throws {
    var probe = Self.web { $0.codec = "hevc" }
    probe.audio = audio
    #expect(VideoPlanner.audioOptions(audio) == options)
    let plan = try Self.plan(probe)
    #expect(plan.outputOptions.contains("-c:a") == (audio != nil))
    #expect(plan.outputOptions.contains("0:1") == (audio != nil), "the sound is mapped by its index")
  }

  @Test("refused: a clip over max_seconds or a file over max_megabytes; the limits themselves pass")
  func refused() throws {
    var long = Self.web()
    long.duration = 700
    #expect(throws: VideoError(.refused, "the clip is 11 min 40 s long, over videos.max_seconds (600 s)")) {
      try Self.plan(long)
    }
    long.duration = 600
    #expect(try Self.plan(long).action == .remux)
    var settings = VideoSettings()
    settings.maxBytes = 5_000_000
    #expect(throws: VideoError(.refused, "the file is 7.5 MB, over videos.max_megabytes (5.0 MB)")) {
      try Self.plan(Self.web(), settings: settings)
    }
    settings.maxBytes = 7_500_000
    #expect(try Self.plan(Self.web(), settings: settings).action == .remux)
    #expect(throws: VideoError.self) {
      try VideoPlanner.poster(long.with(duration: 3_700), settings: settings, capabilities: Self.full)
    }
  }

  @Test(
    "no video: an image read by ffprobe, sound only, nothing, no frame size",
    arguments: [
      ("jpeg_pipe", true, 64, "not a video: the file is a JPEG image"),
      ("png_pipe", true, 64, "not a video: the file is a PNG image"),
      ("image2", true, 64, "not a video: the file is an image"),
      ("tiff_pipe", true, 64, "not a video: the file is an image"),
      (mp4, false, 64, "no picture: only sound"),
      (mp4, true, 0, "the picture has no size: the file may be damaged"),
    ])
  func notVideo(container: String, picture: Bool, width: Int, message: String) {
    var probe = Self.web(width: width)
    probe.container = container
    if !picture { probe.video = nil }
    #expect(throws: VideoError(.unreadable, message)) { try Self.plan(probe) }
    probe.audio = nil
    if !picture {
      #expect(throws: VideoError(.unreadable, "no picture or sound in the file")) { try Self.plan(probe) }
    }
  }

  @Test(
    "a probe of a file that points elsewhere (from an index an older build wrote) is refused, never planned",
    arguments: [
      ("hls", "not a video file: a streaming playlist (hls), which points at other files"),
      ("concat", "not a video file: an ffmpeg list (concat), which points at other files"),
      ("sdp", "not a video file: a stream description (sdp), which points at the network"),
      ("tty", "not a video file: text"),
      ("lavfi", "not a video file: ffmpeg reads it as lavfi, which catgallery does not take"),
    ])
  func pointsElsewhere(container: String, message: String) {
    var probe = Self.web()
    probe.container = container
    let error = #expect(throws: VideoError.self) { try Self.plan(probe) }
    #expect(error?.kind == .unreadable)
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    #expect(throws: VideoError.self) {
      try VideoPlanner.poster(probe, settings: VideoSettings(), capabilities: Self.full)
    }
  }

  @Test("ffmpeg reads the source through the file protocol with the demuxer the probe found, and only that")
  func inputRestricted() throws {
    for (container, demuxer) in [(Self.mp4, "mov"), ("matroska,webm", "matroska"), ("ogg", "ogg")] {
      var probe = Self.web()
      probe.container = container
      let arguments = try Self.plan(probe).arguments(source: "/in", output: "/out.mp4")
      let input = try #require(arguments.firstIndex(of: "-i"))
      #expect(Array(arguments[(input - 6)...(input + 1)]) == VideoInput.options(demuxer: demuxer) + ["-i", "file:/in"])
      let poster = try VideoPlanner.poster(probe, settings: VideoSettings(), capabilities: Self.full)
        .arguments(source: "/in", time: 1, output: "/p.png")
      let posterInput = try #require(poster.firstIndex(of: "-i"))
      #expect(Array(poster[(posterInput - 6)..<posterInput]) == VideoInput.options(demuxer: demuxer))
    }
  }

  @Test("the settings key follows what changes the output's bytes, not the limits")
  func settingsKey() {
    let base = VideoSettings()
    #expect(base.key == "v1-1080p-crf23-veryfast")
    var changed = base
    changed.maxSeconds = 30
    changed.maxBytes = 1
    #expect(changed.key == base.key)
    for change in [{ (s: inout VideoSettings) in s.crf = 20 }, { $0.preset = "fast" }, { $0.maxHeight = 720 }] {
      var other = base
      change(&other)
      #expect(other.key != base.key)
    }
  }

  @Test("the time limit grows with the clip: a remux gets a minute and its length, a transcode 30 times its length")
  func timeouts() throws {
    #expect(try Self.plan(Self.web()).timeout == 70)
    #expect(try Self.plan(Self.web { $0.codec = "hevc" }).timeout == 420)
    var unknown = Self.web { $0.codec = "hevc" }
    unknown.duration = nil
    #expect(try Self.plan(unknown).timeout == 120 + 30 * 600, "an unknown length counts as max_seconds")
  }

  @Test("the poster: tried at 10% and later, at the video's size and colours, as RGB")
  func poster() throws {
    let probe = Self.web(width: 3840, height: 2160) {
      $0.rotation = 90
      $0.colorTransfer = "smpte2084"
      $0.index = 2
    }
    let plan = try VideoPlanner.poster(probe, settings: VideoSettings(), capabilities: Self.full)
    #expect(plan.times == [1, 2.5, 4, 5.5, 7, 8.5])
    #expect(plan.width == 1080 && plan.height == 1920)
    #expect(plan.key == "poster-v1-1080p-tonemap")
    let arguments = plan.arguments(source: "/in.mov", time: 2.5, output: "/p.png")
    #expect(
      arguments.prefix(15) == [
        "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-ss", "2.500", "-protocol_whitelist", "file",
        "-format_whitelist", "mov,matroska,ogg,avi,mpegts,mpeg,flv,asf", "-f", "mov", "-i", "file:/in.mov",
      ])
    let graph = try #require(arguments.firstIndex(of: "-filter_complex").map { arguments[$0 + 1] })
    #expect(graph.hasPrefix("[0:2]zscale=w=1080:h=1920:"))
    #expect(graph.contains("tonemap=tonemap=mobius"))
    #expect(graph.contains("format=rgb24,split=2[poster][sample];[sample]scale=w=32:h=32:flags=area,format=gray[grey]"))
    #expect(arguments.suffix(8) == ["file:/p.png", "-map", "[grey]", "-frames:v", "1", "-f", "rawvideo", "pipe:1"])
    var unknown = probe
    unknown.duration = nil
    #expect(try VideoPlanner.poster(unknown, settings: VideoSettings(), capabilities: Self.full).times == [0])
  }

  @Test("near black is 98% of the sample darker than 32; among black tries the brightest wins")
  func nearBlack() {
    let side = PosterPlan.sampleSide * PosterPlan.sampleSide
    #expect(PosterPlan.isNearBlack([UInt8](repeating: 2, count: side)))
    #expect(PosterPlan.isNearBlack([UInt8](repeating: 31, count: side)))
    #expect(!PosterPlan.isNearBlack([UInt8](repeating: 32, count: side)))
    let lamp = [UInt8](repeating: 0, count: side - 30) + [UInt8](repeating: 255, count: 30)
    #expect(!PosterPlan.isNearBlack(lamp), "3% of bright pixels is a dark scene, not a black frame")
    let speck = [UInt8](repeating: 0, count: side - 10) + [UInt8](repeating: 255, count: 10)
    #expect(PosterPlan.isNearBlack(speck))
    #expect(PosterPlan.isNearBlack([]))
    #expect(PosterPlan.brightness([0, 10, 20]) == 10)
  }

  @Test("the probe's derived facts: turns, depth, variable rate")
  func probeFacts() {
    #expect(VideoStream.quarterTurns(-90) == 270)
    #expect(VideoStream.quarterTurns(450) == 90)
    #expect(VideoStream.quarterTurns(-180) == 180)
    #expect(VideoStream.quarterTurns(89) == 90)
    for (format, depth) in [
      ("yuv420p", 8), ("yuvj420p", 8), ("nv12", 8), ("yuv420p10le", 10), ("yuv422p10be", 10), ("p010le", 10),
      ("p016le", 16), ("yuv444p12le", 12), ("rgb48le", 16), ("gray", 8),
    ] {
      #expect(VideoStream.bitDepth(of: format) == depth, "\(format)")
    }
    var video = VideoStream(index: 0, codec: "h264", width: 10, height: 10)
    video.averageFrameRate = VideoRatio(30000, 1001)
    video.baseFrameRate = VideoRatio(30000, 1001)
    #expect(!video.isVariableFrameRate)
    video.averageFrameRate = VideoRatio(600, 29)
    video.baseFrameRate = VideoRatio(30, 1)
    #expect(video.isVariableFrameRate)
  }

  @Test("lengths and sizes in messages, and seconds for ffmpeg in no locale")
  func words() {
    #expect(VideoPlanner.length(42) == "42 s")
    #expect(VideoPlanner.length(725) == "12 min 5 s")
    #expect(VideoPlanner.length(3725) == "1 h 2 min 5 s")
    #expect(VideoPlanner.megabytes(2_150_000_000) == "2150.0 MB")
    #expect(VideoPlanner.seconds(0) == "0.000")
    #expect(VideoPlanner.seconds(12.3456) == "12.346")
    #expect(VideoPlanner.seconds(-1) == "0.000")
  }
}

extension VideoProbe {
  fileprivate func with(duration: Double) -> VideoProbe {
    var probe = self
    probe.duration = duration
    return probe
  }
}
