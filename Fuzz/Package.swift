// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Fuzz targets for catgallery's loaders, one executable each, run by `make fuzz`.
// A package of its own so the sanitizer flags stay out of the main build: it
// depends on the main package's GalleryCore (the loaders), GalleryImages (the
// image-header target) and GalleryServe (the form parser) products, and FuzzedKit
// holds only the entry points and the driver.
//
// The loaders are `package` API, and `package` reaches only modules built with
// the same package name: FuzzedKit opts out of its own (`packageAccess: false`)
// and takes the one SwiftPM gives the main package, named after its folder.
//
// Instrumentation comes from the Makefile: `-Xswiftc -Xfrontend -Xswiftc
// -sanitize=fuzzer` on every Swift module of the build (the frontend flag leaves
// the link alone), `-Xcc -fsanitize=fuzzer-no-link` on the C ones (libyaml inside
// Yams, the libvips shim). SwiftPM gives each executable its own main(), so
// libFuzzer comes as its main-less archive (FUZZER_NO_MAIN, found by the
// Makefile) and FuzzDriver starts it.
let main = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()
let mainPackageName = String(main.map { $0.isLetter || $0.isNumber ? $0 : "_" })
let samePackage: [SwiftSetting] = [.unsafeFlags(["-package-name", mainPackageName])]

func fuzzTarget(_ name: String) -> Target {
  .executableTarget(name: name, dependencies: ["FuzzedKit"])
}

let package = Package(
  name: "catgallery-fuzz",
  dependencies: [
    .package(path: "..")
  ],
  targets: [
    .systemLibrary(name: "CFuzzDriver"),
    .target(
      name: "FuzzedKit",
      dependencies: [
        "CFuzzDriver",
        .product(name: "GalleryCore", package: main),
        .product(name: "GalleryImages", package: main),
        .product(name: "GalleryServe", package: main),
      ],
      packageAccess: false,
      swiftSettings: samePackage
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
