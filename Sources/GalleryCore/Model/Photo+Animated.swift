extension Photo {
  /// An animated GIF or WebP (its header counts more than one frame): its
  /// large sizes are animated WebP, its thumbnails a still of the first frame.
  /// An album item made from it is `MediaItem.Kind.animated`.
  package var isAnimated: Bool { header.isAnimated }
}
