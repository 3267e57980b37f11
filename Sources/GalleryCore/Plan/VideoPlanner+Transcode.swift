/// Remux or transcode: the rules, the output size and the encoder's arguments.
extension VideoPlanner {
  /// Why the clip's streams cannot be copied as they are; nil when they can:
  /// H.264 8-bit 4:2:0 at a profile every browser decodes, AAC or no sound,
  /// upright, square pixels, SDR, progressive, within the size and bit rate.
  static func remuxBlocker(_ probe: VideoProbe, video: VideoStream, settings: VideoSettings) -> String? {
    let playable = ["Constrained Baseline", "Baseline", "Main", "High"]
    if video.codec != "h264" { return "\(video.codec), not H.264" }
    if video.pixelFormat != "yuv420p" { return "pixel format \(video.pixelFormat ?? "unknown"), not yuv420p" }
    if let profile = video.profile, !playable.contains(profile) { return "H.264 profile \(profile)" }
    if video.rotation != 0 { return "turned \(video.rotation)° by its display matrix" }
    if video.isStretched { return "pixels that are not square" }
    if video.isHDR { return "HDR (\(video.colorTransfer ?? ""))" }
    if video.isInterlaced { return "interlaced" }
    if min(video.displayWidth, video.displayHeight) > settings.maxHeight {
      return "\(video.displayWidth)×\(video.displayHeight), over videos.max_height (\(settings.maxHeight))"
    }
    if let audio = probe.audio, audio.codec != "aac" { return "sound in \(audio.codec), not AAC" }
    if !probe.container.contains("mp4") && !probe.container.contains("matroska") {
      return "the \(probe.container) container, whose timestamps MP4 may not keep"
    }
    if let rate = bitRate(probe, video: video) {
      let pixels = Double(video.width * video.height) * (video.averageFrameRate?.value ?? 30)
      if Double(rate) > remuxBitsPerPixel * pixels {
        return "\(rate / 1000) kbit/s, more than the web needs at this size"
      }
    }
    return nil
  }

  /// The picture stream's bits per second: as the container says, else the
  /// whole file's, else its size over its length.
  static func bitRate(_ probe: VideoProbe, video: VideoStream) -> Int? {
    if let rate = video.bitRate ?? probe.bitRate { return rate }
    guard let duration = probe.duration, duration > 0 else { return nil }
    return Int(Double(probe.fileSize * 8) / duration)
  }

  /// The output size: the displayed frame, shrunk so its short side is at most
  /// `maxHeight` (never enlarged), both sides even as 4:2:0 needs. `scales`
  /// is false when at most a row or column is cut off to make a side even.
  static func outputSize(of video: VideoStream, maxHeight: Int) -> (width: Int, height: Int, scales: Bool) {
    let (width, height) = (video.displayWidth, video.displayHeight)
    let short = min(width, height)
    let limit = max(2, maxHeight - maxHeight % 2)
    guard short > limit else {
      return (max(2, width - width % 2), max(2, height - height % 2), video.isStretched)
    }
    let scale = Double(limit) / Double(short)
    let even = { (side: Int) in max(2, Int((Double(side) * scale / 2).rounded()) * 2) }
    return width <= height ? (limit, even(height), true) : (even(width), limit, true)
  }

  static func transcode(
    _ probe: VideoProbe, video: VideoStream, size: (width: Int, height: Int, scales: Bool), reason: String,
    settings: VideoSettings, capabilities: VideoCapabilities, demuxer: String
  ) -> VideoPlan {
    let toneMaps = video.isHDR && capabilities.toneMapping
    var options = maps(probe)
    options += ["-vf", filters(video, size: size, toneMaps: toneMaps).joined(separator: ",")]
    // The source's own timestamps: a phone's variable frame rate is kept as it
    // is, where ffmpeg's default for MP4 would repeat frames up to a constant
    // rate (a 20 fps average at a 30 fps base grew from 40 to 58 frames).
    options += ["-fps_mode", "vfr"]
    options += [
      "-c:v", "libx264", "-preset", settings.preset, "-crf", String(settings.crf), "-profile:v", "high",
      "-threads", String(encoderThreads),
    ]
    if video.isHDR {
      options += ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv"]
    }
    options += audioOptions(probe.audio) + mp4Options
    var key = settings.key + "-x264"
    var warning: String?
    if video.isHDR {
      key += toneMaps ? "-tonemap" : "-hdr"
      if !toneMaps {
        warning =
          "HDR colours are relabelled, not tone-mapped, and will look flat: this ffmpeg lacks the zscale filter (libzimg)"
      }
    }
    // The slowest case measured, 4K HDR tone-mapped to 1080p on two cores
    // shared with other builds (load 7), took 7.3 s a second of video: 30
    // leaves four times that for a slower machine, and still ends a hung run.
    let length = probe.duration ?? Double(settings.maxSeconds)
    return VideoPlan(
      action: .transcode, reason: reason, width: size.width, height: size.height, duration: probe.duration,
      toneMapped: toneMaps, warning: warning, timeout: 120 + 30 * length, key: key, outputOptions: options,
      demuxer: demuxer)
  }

  /// AAC is copied as it is; anything else becomes AAC at 64 kbit/s a
  /// channel, down-mixed to stereo and to 48 kHz at most, as browsers play it.
  static func audioOptions(_ audio: AudioStream?) -> [String] {
    guard let audio else { return [] }
    if audio.codec == "aac" { return ["-c:a", "copy"] }
    let channels = min(audio.channels ?? 2, 2)
    var options = ["-c:a", "aac", "-b:a", "\(64 * channels)k", "-ac", String(channels)]
    if let rate = audio.sampleRate, rate > 48_000 { options += ["-ar", "48000"] }
    return options
  }

  /// The filters after ffmpeg's own turn of the frame (ffmpeg applies the
  /// display matrix itself and writes none to the output: a turn here too
  /// would turn the picture twice): deinterlace, size, colour, 4:2:0.
  static func filters(_ video: VideoStream, size: (width: Int, height: Int, scales: Bool), toneMaps: Bool) -> [String] {
    var filters: [String] = []
    if video.isInterlaced { filters.append("bwdif=mode=send_frame:deint=interlaced") }
    let (width, height) = (size.width, size.height)
    if video.isHDR && toneMaps {
      filters += toneMapping(video, width: width, height: height)
    } else if video.isHDR {
      // Without zimg, swscale can only convert the matrix: the PQ or HLG
      // curve is shown as if it were BT.709, flat and pale, but it plays.
      filters.append("scale=w=\(width):h=\(height):flags=lanczos:out_color_matrix=bt709:out_range=tv")
    } else if size.scales {
      filters.append("scale=w=\(width):h=\(height):flags=lanczos")
    } else if width != video.displayWidth || height != video.displayHeight {
      filters.append("crop=w=\(width):h=\(height):x=0:y=0")
    }
    return filters + ["format=yuv420p", "setsar=1"]
  }

  /// HDR to SDR BT.709: resized first (in zimg, so the float work is on the
  /// output's pixels), into linear light with 100 nits as 1.0, BT.2020 to
  /// BT.709 primaries, then the `mobius` curve, which leaves tones up to
  /// diffuse white nearly as they are and rolls off only the highlights.
  /// Measured on SDR testsrc2 coded as PQ at 203 nits (BT.2408's reference
  /// white): mean luma 122 against the original's 125, where `hable` gave 101
  /// and the relabelling fallback kept a fifth of the colour (saturation 25 of 113).
  static func toneMapping(_ video: VideoStream, width: Int, height: Int) -> [String] {
    let primaries = ["bt2020", "bt709", "smpte432", "smpte431"].contains(video.colorPrimaries ?? "")
    let matrices = ["bt2020nc", "bt2020c", "bt709"].contains(video.colorSpace ?? "")
    let input = [
      "tin=\(video.colorTransfer ?? "smpte2084")",
      "pin=\(primaries ? video.colorPrimaries ?? "bt2020" : "bt2020")",
      "min=\(matrices ? video.colorSpace ?? "bt2020nc" : "bt2020nc")",
      "rin=\(video.colorRange == "pc" ? "full" : "limited")",
    ]
    return [
      "zscale=w=\(width):h=\(height):f=spline36:" + input.joined(separator: ":") + ":t=linear:npl=100",
      "format=gbrpf32le", "zscale=p=bt709", "tonemap=tonemap=mobius:desat=0",
      "zscale=t=bt709:m=bt709:r=limited",
    ]
  }
}
