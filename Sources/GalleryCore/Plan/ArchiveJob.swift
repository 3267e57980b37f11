/// The zip of one album's items (site.yml `zip:`), for the Write stage: made
/// once per content hash in the cache, then put into the output as a
/// derivative is.
package struct ArchiveJob: Sendable, Hashable {
  /// One file in the zip.
  package struct Member: Sendable, Hashable {
    /// Where a member's bytes come from.
    package enum Source: Sendable, Hashable {
      /// A file of the site, read where it lies (an absolute path).
      case original(path: String)
      /// A derivative, read from the cache once the Images stage made it.
      case derivative(Derivative)
    }

    /// Its name inside the zip: the file's own name, unique in the zip.
    package var name: String
    package var source: Source
    /// The photo it comes from, for messages (`content/photos/a.jpg`).
    package var file: String
    /// When the photo was taken, as the zip stores it.
    package var time: DOSTime
  }

  /// Where it goes in the output: `<album path><album slug>.zip`.
  package var path: String
  /// Its name in the cache, `<album slug>.<hash>.zip`.
  package var fileName: String
  /// Covers every member's name, time and content hash and the zip's format
  /// version: a zip with the same hash holds the same bytes.
  package var hash: String
  /// In the album's order.
  package var members: [Member]
}

/// A time as ZIP stores it: an MS-DOS date and time, local time with no zone,
/// in two-second steps, from 1980 to 2107.
package struct DOSTime: Sendable, Hashable {
  package var date: UInt16
  package var time: UInt16

  /// 1980-01-01 00:00, the earliest a zip can say: the time of a photo with
  /// no date taken. Never the file's modification time, which a checkout
  /// sets, so the same content always gives the same zip.
  package static let earliest = DOSTime(date: 1 << 5 | 1, time: 0)

  package init(date: UInt16, time: UInt16) {
    self.date = date
    self.time = time
  }

  /// From EXIF's "YYYY:MM:DD HH:MM:SS", local time as the camera wrote it,
  /// which is what ZIP stores; nil for anything else or a year ZIP cannot hold.
  package init?(exif text: String) {
    let values = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
    guard values.count == 6 else { return nil }
    let (year, month, day, hour, minute, second) = (values[0], values[1], values[2], values[3], values[4], values[5])
    guard (1980...2107).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    date = UInt16((year - 1980) << 9 | month << 5 | day)
    time = UInt16(hour << 11 | minute << 5 | second / 2)
  }
}
