// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Fuzz targets for catgallery's loaders, one executable each, run by `make fuzz`.
// A package of its own so the sanitizer flags stay out of the main build: it
// depends on the main package's GalleryCore (the loaders and the form parser)
// and GalleryImages (the image-header target) products; FuzzedKit holds only
// the entry points and the driver. Neither links the web stack.
//
// The loaders are `package` API, and `package` reaches only modules built with
// the same package name: FuzzedKit and FuzzForm opt out of their own
// (`packageAccess: false`) and take the one SwiftPM gives the main package,
// named after its folder.
//
// Instrumentation comes from `make fuzz-build`: `-Xswiftc -Xfrontend -Xswiftc
// -sanitize=fuzzer` on every Swift module of the build, the main package's
// included (the frontend flag leaves the link alone), `-Xcc
// -fsanitize=fuzzer-no-link` on the C ones. SwiftPM gives each executable its
// own main(), so libFuzzer comes as its main-less archive, which the Makefile
// passes to every link (`-Xlinker`; the theme plugin's tool is instrumented
// too), and FuzzDriver starts it.
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
      ],
      packageAccess: false,
      swiftSettings: samePackage
    ),
    fuzzTarget("FuzzPlist"),
    fuzzTarget("FuzzJSON"),
    fuzzTarget("FuzzYAML"),
    fuzzTarget("FuzzMarkdown"),
    fuzzTarget("FuzzImageHeader"),
    fuzzTarget("FuzzImageRender"),
    fuzzTarget("FuzzForm"),
  ],
  swiftLanguageModes: [.v6]
)
