import Foundation
import GalleryCore
import GalleryNetwork

/// Writes to a restdb.io collection: POST a new record, PUT a whole record
/// to `<url>/<_id>`, DELETE `<url>/<_id>`, each with the `x-apikey` header
/// and a JSON body, and each answer checked before a caller trusts it.
///
/// Nothing is tried twice. POST is not idempotent: a retry after a lost
/// answer would add the cat twice. A DELETE retried after a lost answer
/// meets a 404 for a record that is in fact gone, and a PUT retried hides an
/// outage behind seconds of waiting. Someone is waiting at a prompt or a
/// form who can repeat the edit, which reads the file again; so one try,
/// and a message that says whether restdb may have the change.
struct RestDBWriter: Sendable {
  let source: FetchSources.RestDB
  /// The API key; nil sends none (a collection without a key variable).
  let key: String?
  let transport: any HTTPTransport

  /// The record restdb answered and the status it answered with.
  typealias Answer = (record: RestDBRecord, request: String, status: Int)

  /// POSTs `body` (a record without `_id`); the record restdb made.
  func create(_ body: Data) async throws(RestDBError) -> Answer {
    let (request, response) = try await send(.post, source.url, body: body)
    return (try record(in: response, for: request, id: nil), request.description, response.status)
  }

  /// PUTs `body` (the whole record, `_id` included) to `<url>/<id>`; the record restdb kept.
  func replace(id: String, with body: Data) async throws(RestDBError) -> Answer {
    let (request, response) = try await send(.put, recordURL(id), body: body)
    return (try record(in: response, for: request, id: id), request.description, response.status)
  }

  /// DELETEs `<url>/<id>`; the request and status, for messages. Done only
  /// when restdb answers what it answers for a delete, `{"result": ["<id>"]}`
  /// naming this record and no other; any other success body (a proxy's
  /// page, nothing, another record) is an answer not understood.
  func delete(id: String) async throws(RestDBError) -> (request: String, status: Int) {
    let (request, response) = try await send(.delete, recordURL(id), body: nil)
    let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    guard let result = object?["result"] as? [String], result == [id] else {
      throw .badAnswer(
        request: request.description, status: response.status,
        reason: #"its answer was not understood (a delete answers {"result": ["\#(id)"]})"#)
    }
    return (request.description, response.status)
  }

  /// `<url>/<id>`. Ids go into the path as they are, so only those made of
  /// letters, digits, `-` and `_` are sent (restdb's are 24 hex digits).
  func recordURL(_ id: String) -> URL {
    source.url.appending(path: id)
  }

  static func isSendable(id: String) -> Bool {
    (1...100).contains(id.count)
      && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  private func send(_ method: NetworkRequest.Method, _ url: URL, body: Data?) async throws(RestDBError) -> (
    NetworkRequest, NetworkResponse
  ) {
    var headers = [HTTPHeader("Accept", "application/json")]
    if let body, !body.isEmpty { headers.append(HTTPHeader("Content-Type", "application/json")) }
    if let key { headers.append(.secret("x-apikey", key, from: source.keyVariable)) }
    let request = NetworkRequest(method, url, headers: headers, body: body, timeout: source.timeout)
    let response: NetworkResponse
    do {
      response = try await transport.send(request)
    } catch {
      throw .network(request: request.description, error, maybeDone: Self.mayHaveArrived(error))
    }
    if (300..<400).contains(response.status) {
      let location = response.value(of: "Location").flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
      throw .redirected(
        request: request.description, status: response.status, location: location.map(NetworkRequest.redacted))
    }
    guard response.isSuccess else {
      throw .refused(
        request: request.description, status: response.status,
        message: RestDBError.message(in: response.body, key: key), variable: source.keyVariable)
    }
    return (request, response)
  }

  /// The record in a success answer: a JSON object whose `_id` is `id`, or
  /// for a new record any id this program can send back later, and that
  /// does not hold the key sent (it would be written to cats.json).
  private func record(in response: NetworkResponse, for request: NetworkRequest, id: String?) throws(RestDBError)
    -> RestDBRecord
  {
    func bad(_ reason: String) -> RestDBError {
      .badAnswer(request: request.description, status: response.status, reason: reason)
    }
    guard let record = RestDBRecord(json: response.body, file: NetworkRequest.redacted(request.url)) else {
      throw bad("its answer is not a record (a JSON object)")
    }
    guard let answered = record.id, Self.isSendable(id: answered) else {
      throw bad("the record it answered has no usable _id")
    }
    if let id, answered != id { throw bad("it answered the record \(answered), not \(id)") }
    if let variable = SentKeys([(source.keyVariable, key)]).echoed(in: response.body) {
      throw bad("its answer holds the API key from \(variable) (restdb sent it back), which must not reach the site")
    }
    return record
  }

  /// Whether a request that failed this way may still have been carried out:
  /// only failures before a connection was made are certain it was not.
  static func mayHaveArrived(_ error: NetworkError) -> Bool {
    switch error {
    case .refused, .redirectRefused, .connectionRefused, .hostNotFound, .tls, .timedOut(.connect, _): false
    default: true
    }
  }
}
