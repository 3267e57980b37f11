/// What a server said identifies the version it sent (`ETag`,
/// `Last-Modified`), kept to ask next time "only if it changed".
package struct Validators: Sendable, Hashable, Codable {
  var etag: String?
  var lastModified: String?

  package init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  package var isEmpty: Bool { etag == nil && lastModified == nil }

  /// The conditional headers that carry these validators back: a server
  /// answers 304 when its copy still matches.
  package var conditionalHeaders: [HTTPHeader] {
    var headers: [HTTPHeader] = []
    if let etag { headers.append(HTTPHeader("If-None-Match", etag)) }
    if let lastModified { headers.append(HTTPHeader("If-Modified-Since", lastModified)) }
    return headers
  }
}
