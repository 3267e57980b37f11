// swift-tools-version: 6.0
import PackageDescription

// Fuzz targets for catgallery's loaders, one executable each, run by `make fuzz`.
// A package of its own so the sanitizer reaches only the parsers: FuzzedKit
// compiles the loader sources from ../Sources through symlinks, without
// Hummingbird, NIO or the rest of GalleryKit, so a cold build takes about a minute.
//
// Swift code is instrumented here; C code (libyaml inside Yams) by the Makefile's
// `-Xcc -fsanitize=fuzzer-no-link`. SwiftPM gives each executable its own main(),
// so libFuzzer comes as its main-less archive (FUZZER_NO_MAIN, found by the
// Makefile) and FuzzDriver starts it.
let instrumented: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer"])]
let fuzzer: [LinkerSetting] =
  Context.environment["FUZZER_NO_MAIN"].map { [.unsafeFlags([$0, "-lstdc++"])] } ?? []

func fuzzTarget(_ name: String) -> Target {
  .executableTarget(name: name, dependencies: ["FuzzedKit"], swiftSettings: instrumented, linkerSettings: fuzzer)
}

let package = Package(
  name: "catgallery-fuzz",
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0")
  ],
  targets: [
    .systemLibrary(name: "CCmark", pkgConfig: "libcmark"),
    .systemLibrary(name: "CVips", pkgConfig: "vips"),
    .systemLibrary(name: "CFuzzDriver"),
    .target(name: "CVipsShim", dependencies: ["CVips"]),
    .target(
      name: "FuzzedKit",
      dependencies: ["CCmark", "CFuzzDriver", "CVipsShim", .product(name: "Yams", package: "Yams")],
      swiftSettings: instrumented
    ),
    fuzzTarget("FuzzPlist"),
    fuzzTarget("FuzzJSON"),
    fuzzTarget("FuzzYAML"),
    fuzzTarget("FuzzMarkdown"),
    fuzzTarget("FuzzImageHeader"),
    fuzzTarget("FuzzForm"),
  ],
  swiftLanguageModes: [.v6]
)
