// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "catgallery",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "catgallery", targets: ["catgallery"]),
    // For Fuzz/, the libFuzzer package, which calls the loaders through them.
    .library(name: "GalleryCore", targets: ["GalleryCore"]),
    .library(name: "GalleryImages", targets: ["GalleryImages"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
    ),
    .systemLibrary(
      name: "CVips",
      pkgConfig: "vips",
      providers: [.apt(["libvips-dev"]), .brew(["vips"])]
    ),
    // libzip writes the albums' zips (store only, ZIP64 when needed); its API
    // is plain C, so Swift imports it without a shim.
    .systemLibrary(
      name: "CZip",
      pkgConfig: "libzip",
      providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
    ),
    // Plain, non-variadic C wrappers around libvips so Swift never parses glib;
    // libwebpmux (libvips' own dependency) takes metadata chunks out of WebP.
    .target(
      name: "CVipsShim", dependencies: ["CVips"], linkerSettings: [.linkedLibrary("webpmux"), .linkedLibrary("webp")]),
    // glibc's malloc.h: the build hands freed memory back between stages.
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(
      name: "CGexiv2",
      pkgConfig: "gexiv2",
      providers: [.apt(["libgexiv2-dev"]), .brew(["gexiv2"])]
    ),
    // The same for gexiv2, exiv2's C API: open a file, read a tag, free.
    .target(name: "CGexiv2Shim", dependencies: ["CGexiv2"]),
    // Turns templates/ into Swift source at build time so the binary carries the
    // default theme while the repository keeps a single copy of it.
    .executableTarget(name: "ThemeEmbedder", dependencies: ["JSMinifier"]),
    // The theme's JavaScript minifier, a library so its tests can reach it.
    .target(name: "JSMinifier"),
    .testTarget(name: "JSMinifierTests", dependencies: ["JSMinifier"]),
    .plugin(
      name: "EmbedThemePlugin",
      capability: .buildTool(),
      dependencies: ["ThemeEmbedder"],
      path: "Sources/EmbedThemePlugin"
    ),
    // The pure core: Load → Model → Plan → Render, the diagnostics, and the
    // edges' protocols (file system, network, image codec). No web stack, no libvips.
    .target(
      name: "GalleryCore",
      dependencies: [
        "CCmark",
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "Yams", package: "Yams"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      plugins: ["EmbedThemePlugin"]
    ),
    // libvips behind the core's `ImageCodec`, and the derivative cache it fills;
    // libzip for the albums' zips, cached beside the derivatives.
    .target(name: "GalleryImages", dependencies: ["GalleryCore", "CVipsShim", "CZip"]),
    // exiv2 behind the core's `MetadataReader`: EXIF, IPTC and XMP by segment.
    .target(name: "GalleryMetadata", dependencies: ["GalleryCore", "CGexiv2Shim"]),
    // ffmpeg and ffprobe behind the core's `VideoTool`, run as subprocesses.
    .target(name: "GalleryVideo", dependencies: ["GalleryCore"]),
    // The build: Pipeline runs the stages; OutputOwner owns the output folder.
    .target(
      name: "GalleryOutput",
      dependencies: [
        "GalleryCore", "GalleryImages", "CMalloc", .product(name: "Crypto", package: "swift-crypto"),
      ]),
    // The network edge over async-http-client.
    .target(
      name: "GalleryNetwork",
      dependencies: [
        "GalleryCore",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // Changes to the user's content/: fetch, cats and caption edits, init.
    .target(
      name: "GalleryContent",
      dependencies: [
        "GalleryCore", "GalleryNetwork", .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // serve and preview: the dev server (Hummingbird), live reload, the edit forms.
    .target(
      name: "GalleryServe",
      dependencies: [
        "GalleryCore", "GalleryImages", "GalleryOutput", "GalleryNetwork", "GalleryContent",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .executableTarget(
      name: "catgallery",
      dependencies: [
        "GalleryCore", "GalleryImages", "GalleryMetadata", "GalleryOutput", "GalleryContent", "GalleryServe",
        "GalleryVideo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // What the tests share: an in-memory file system, a fake codec and a fake
    // transport, throwaway sites. No web stack, so the core's tests link none.
    .target(
      name: "TestSupport",
      dependencies: ["GalleryCore", "GalleryImages", "GalleryOutput"],
      path: "Tests/TestSupport"
    ),
    // One test target per library target, its folders by stage. The core's links
    // neither Hummingbird nor async-http-client.
    .testTarget(
      name: "GalleryCoreTests", dependencies: ["GalleryCore", "GalleryImages", "GalleryOutput", "TestSupport"]),
    .testTarget(
      name: "GalleryImagesTests",
      dependencies: ["GalleryImages", "GalleryOutput", "TestSupport", "CVipsShim"]
    ),
    // Fixtures made at test time with exiftool, read back through exiv2.
    .testTarget(
      name: "GalleryMetadataTests", dependencies: ["GalleryMetadata", "GalleryImages", "GalleryOutput", "TestSupport"]),
    // Clips made at test time with ffmpeg, processed and checked with ffprobe.
    .testTarget(
      name: "GalleryVideoTests", dependencies: ["GalleryVideo", "GalleryImages", "GalleryOutput", "TestSupport"]),
    .testTarget(
      name: "GalleryOutputTests",
      dependencies: [
        "GalleryOutput", "GalleryImages", "GalleryMetadata", "GalleryContent", "TestSupport",
        .product(name: "Mustache", package: "swift-mustache"),
      ]
    ),
    .testTarget(
      name: "GalleryNetworkTests",
      dependencies: [
        "GalleryNetwork", "GalleryContent", "GalleryImages", "TestSupport",
        // A loopback server (plain and TLS) for the network edge's tests.
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    .testTarget(name: "GalleryContentTests", dependencies: ["GalleryContent", "GalleryImages", "TestSupport"]),
    // The built binary, run as a user would.
    .testTarget(name: "CommandLineTests", dependencies: ["TestSupport"]),
    .testTarget(
      name: "GalleryServeTests",
      dependencies: [
        "GalleryServe", "GalleryContent", "GalleryImages", "GalleryMetadata", "GalleryOutput", "TestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
