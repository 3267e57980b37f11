/// Why `PhotoResolver` found no single photo for a name.
package enum PhotoLookupError: Error, Equatable {
  /// The name is a path that could lead out of the photo folder.
  case unsafe
  /// No photo has this name.
  case missing
  /// Several photos have this name: their paths.
  case ambiguous([String])
  /// The photo's file cannot be read: why.
  case unreadable(String)
}
