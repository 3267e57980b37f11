"""A local stand-in for The Cat API, a restdb.io collection and catfact.ninja.

It speaks their real shapes: The Cat API's breeds, `/images/{id}` and
`/images/search` with `Pagination-Count/Page/Limit` headers and the
`x-api-key` header; restdb's `skip`/`max` paging, `_id` and `_`-fields and
`x-apikey`, and its writes to the collection (POST makes a record with a new
24-hex `_id` and `_created`/`_changed` and answers 201 with it; PUT `/<id>`
replaces one and answers 200 with it; DELETE `/<id>` answers
`{"result": ["<id>"]}`; an unknown id is a 404, a wrong key a 401, each with
a JSON `message`; numbers come back as JavaScript writes them, `4.0` as `4`);
catfact.ninja's paged `{current_page, last_page, data}`. Every
JSON answer carries an ETag and a Last-Modified and answers a matching
conditional request with 304. It listens on 127.0.0.1 only.

Faults are scripted per path prefix and consumed one request at a time:
`api.fail("/v1/breeds", "500", "500")` makes the next two requests for the
breeds answer 500. Kinds: 500, 429 (Retry-After: 1), 401, slow (body
trickled over ~1.5 s), truncated (Content-Length larger than the body sent),
html (text/html content type), garbage (invalid JSON), redirect-http (a 302
to a plain-http host that is not this machine), huge (a 60 MB "image"),
not-image (text sent as image/jpeg), empty-image (a truncated JPEG: valid
header, no end); for writes also 400 (a restdb ValidationError), redirect
(a 307 to another path of this server) and drop (the connection closed with
no answer). Writes are logged with their bodies in `writes`.
"""

import hashlib
import json
import os
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAST_MODIFIED = "Tue, 14 Nov 2023 22:13:20 GMT"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def image_id(breed, n):
    """A Cat-API-like 9-character id, stable per breed and number."""
    digest = hashlib.sha256(f"{breed}/{n}".encode()).digest()
    return "".join(ALPHABET[b % len(ALPHABET)] for b in digest[:9])


def js(value):
    """A number as JavaScript's JSON.stringify writes it: 4.0 is 4."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


class FakeAPI:
    def __init__(self, breeds=None, images_per_breed=7, cat_key="cat-key-1234567890", restdb_key="restdb-key-abcdef",
                 cats=12, facts=332, photo_dir=None):
        with open(os.path.join(ROOT, "content/breeds.json")) as f:
            self.breeds = json.load(f) if breeds is None else breeds
        self.images_per_breed = images_per_breed
        self.cat_key = cat_key
        self.restdb_key = restdb_key
        photo_dir = photo_dir or os.path.join(ROOT, "content/photos")
        self.photos = [open(os.path.join(photo_dir, n), "rb").read()
                       for n in sorted(os.listdir(photo_dir)) if n.endswith(".jpg")]
        self.cats = [self._cat(i) for i in range(cats)]
        self.facts = [f"Cat fact number {i + 1}: cats have {i % 7 + 1} favourite boxes." for i in range(facts)]
        # Set by a test: each search answers its page in a new order, as The
        # Cat API's do, the breed's reference image among the others.
        self.shuffle_search = False
        self.faults = {}
        self.log = []
        self.writes = []
        # A threading.Barrier a test sets: each write waits at it once
        # recorded, so that writes sent together are answered together.
        self.together = None
        self.made = 0
        self.lock = threading.Lock()
        self.server = None
        self.port = None

    # -- the data ---------------------------------------------------------

    def _cat(self, i):
        breed = self.breeds[i % len(self.breeds)]["id"]
        oid = hashlib.sha256(f"cat{i}".encode()).hexdigest()[:24]
        return {
            "_id": oid, "catName": f"Cat {i + 1}", "ownerName": f"Owner {i % 5 + 1}", "breedId": breed,
            "birthDate": f"20{10 + i % 14:02d}-0{1 + i % 9}-1{i % 10}T09:12:33.000Z",
            "weightKg": round(3 + (i % 40) / 10, 1), "rating": 1 + i % 5,
            "photoUrl": f"PHOTO/cdn/cats/{oid}.jpg",
            "_created": "2019-10-28T15:32:06.412Z", "_changed": "2019-10-28T15:32:06.412Z",
            "_createdby": "api", "_changedby": "api", "_version": 0,
        }

    def image_ids(self, breed):
        return [image_id(breed, n) for n in range(self.images_per_breed)]

    def reference(self, breed):
        return image_id(breed, 3) if self.images_per_breed > 3 else None

    def image_bytes(self, name):
        return self.photos[int(hashlib.sha256(name.encode()).hexdigest(), 16) % len(self.photos)]

    def image(self, breed, iid):
        b = next(x for x in self.breeds if x["id"] == breed)
        return {"id": iid, "url": f"{self.base}/cdn/images/{iid}.jpg", "width": 1600, "height": 1200,
                "breeds": [{k: b[k] for k in ("id", "name", "temperament", "origin") if k in b}]}

    def breeds_document(self):
        out = []
        for b in self.breeds:
            b = dict(b)
            ref = self.reference(b["id"])
            if ref:
                b["reference_image_id"] = ref
            else:
                b.pop("reference_image_id", None)
            b.pop("image", None)
            out.append(b)
        return out

    # -- control ----------------------------------------------------------

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def fail(self, prefix, *kinds):
        with self.lock:
            self.faults.setdefault(prefix, []).extend(kinds)

    def next_fault(self, path):
        with self.lock:
            for prefix, kinds in self.faults.items():
                if path.startswith(prefix) and kinds:
                    return kinds.pop(0)
        return None

    def requests(self, prefix=""):
        with self.lock:
            return [entry for entry in self.log if entry[1].startswith(prefix)]

    def start(self):
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                api.handle(self)

            def do_POST(self):
                api.handle_write(self, "POST")

            def do_PUT(self):
                api.handle_write(self, "PUT")

            def do_DELETE(self):
                api.handle_write(self, "DELETE")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        if self.server:
            self.server.shutdown()
            self.server.server_close()

    # -- answering ----------------------------------------------------------

    def handle(self, h):
        url = urlsplit(h.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        headers = {k.lower(): v for k, v in h.headers.items()}
        with self.lock:
            self.log.append(("GET", h.path, headers))
        fault = self.next_fault(url.path)
        if fault and self.fault(h, fault):
            return
        path = url.path
        if path == "/v1/breeds":
            if not self.cat_key_ok(h, headers):
                return
            return self.json(h, headers, self.breeds_document(), slow=fault == "slow")
        if path.startswith("/v1/images/search"):
            return self.search(h, headers, query)
        if path.startswith("/v1/images/"):
            if not self.cat_key_ok(h, headers):
                return
            iid = path.rsplit("/", 1)[1]
            for b in self.breeds:
                if iid in self.image_ids(b["id"]):
                    return self.json(h, headers, self.image(b["id"], iid))
            return self.json(h, headers, {"message": "NOT_FOUND", "status": 404}, status=404)
        if path.startswith("/cdn/"):
            return self.send(h, 200, self.image_bytes(path), "image/jpeg", slow=fault == "slow")
        if path == "/rest/cats":
            if headers.get("x-apikey") != self.restdb_key:
                return self.json(h, headers, {"message": "Invalid API key"}, status=401)
            skip, count = int(query.get("skip", 0)), int(query.get("max", 1000))
            page = [dict(c, photoUrl=c["photoUrl"].replace("PHOTO", self.base)) for c in self.cats[skip:skip + count]]
            return self.json(h, headers, page)
        if path == "/facts":
            limit = int(query.get("limit", 10))
            page = int(query.get("page", 1))
            last = max(1, -(-len(self.facts) // limit))
            data = [{"fact": f, "length": len(f)} for f in self.facts[(page - 1) * limit:page * limit]]
            link = lambda p: f"{self.base}/facts?page={p}" if p else None
            body = {"current_page": page, "data": data, "first_page_url": link(1), "from": (page - 1) * limit + 1,
                    "last_page": last, "last_page_url": link(last), "links": [],
                    "next_page_url": link(page + 1 if page < last else None), "path": f"{self.base}/facts",
                    "per_page": limit, "prev_page_url": link(page - 1 if page > 1 else None),
                    "to": min(page * limit, len(self.facts)), "total": len(self.facts)}
            return self.json(h, headers, body)
        self.json(h, headers, {"message": "not found"}, status=404)

    # -- restdb writes ------------------------------------------------------

    SYSTEM_FIELDS = ("_created", "_changed", "_createdby", "_changedby", "_version")

    def handle_write(self, h, method):
        url = urlsplit(h.path)
        headers = {k.lower(): v for k, v in h.headers.items()}
        length = int(headers.get("content-length", 0) or 0)
        raw = h.rfile.read(length) if length else b""
        with self.lock:
            self.log.append((method, h.path, headers))
            self.writes.append((method, h.path, headers, raw))
        if self.together:
            try:
                self.together.wait(timeout=30)
            except threading.BrokenBarrierError:
                pass
        fault = self.next_fault(url.path)
        if fault == "400":
            body = {"name": "ValidationError", "status": 400, "message": "Validation failed",
                    "list": [{"field": "weightKg", "message": ["Number out of range"]}]}
            return self.send(h, 400, json.dumps(body).encode(), "application/json")
        if fault == "redirect":
            return self.send(h, 307, b"", None, extra=[("Location", f"{self.base}/rest/elsewhere")])
        if fault == "drop":
            h.close_connection = True
            return
        if fault and self.fault(h, fault):
            return
        path = url.path
        if path != "/rest/cats" and not path.startswith("/rest/cats/"):
            return self.send(h, 404, json.dumps({"message": "Collection not found"}).encode(), "application/json")
        if headers.get("x-apikey") != self.restdb_key:
            return self.send(h, 401, json.dumps({"message": "Invalid API key"}).encode(), "application/json")
        oid = path[len("/rest/cats/"):] if path.startswith("/rest/cats/") else None
        record = None
        if method in ("POST", "PUT"):
            try:
                record = json.loads(raw)
            except ValueError:
                record = None
            if not isinstance(record, dict):
                return self.send(h, 400, b'{"message": "Body must be a JSON object"}', "application/json")
        if method == "POST":
            if oid is not None or "_id" in record:
                return self.send(h, 400, b'{"message": "POST takes no _id"}', "application/json")
            now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
            with self.lock:
                self.made += 1
                new_id = hashlib.sha256(f"made{self.made}/{time.time()}".encode()).hexdigest()[:24]
                made = {"_id": new_id, **{k: js(v) for k, v in record.items() if not k.startswith("_")},
                        "_created": now, "_changed": now, "_createdby": "api", "_changedby": "api", "_version": 0}
                self.cats.append(made)
            return self.send(h, 201, json.dumps(made).encode(), "application/json; charset=utf-8", slow=fault == "slow")
        with self.lock:
            index = next((i for i, c in enumerate(self.cats) if c["_id"] == oid), None)
        if oid is None or index is None:
            return self.send(h, 404, json.dumps({"message": "Record not found"}).encode(), "application/json")
        if method == "PUT":
            if record.get("_id", oid) != oid:
                return self.send(h, 400, b'{"message": "_id does not match the URL"}', "application/json")
            with self.lock:
                old = self.cats[index]
                kept = {k: old[k] for k in ("_created", "_createdby") if k in old}
                replaced = {"_id": oid, **{k: js(v) for k, v in record.items() if not k.startswith("_")}, **kept,
                            "_changed": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
                            "_changedby": "api", "_version": old.get("_version", 0) + 1}
                self.cats[index] = replaced
            return self.send(h, 200, json.dumps(replaced).encode(), "application/json; charset=utf-8", slow=fault == "slow")
        with self.lock:
            del self.cats[index]
        return self.send(h, 200, json.dumps({"result": [oid]}).encode(), "application/json; charset=utf-8", slow=fault == "slow")

    def cat_key_ok(self, h, headers):
        key = headers.get("x-api-key")
        if key is not None and key != self.cat_key:
            self.json(h, headers, {"message": "AUTHENTICATION_ERROR", "status": 401}, status=401)
            return False
        return True

    def search(self, h, headers, query):
        if not self.cat_key_ok(h, headers):
            return
        breed = query.get("breed_ids", "")
        limit = max(1, min(int(query.get("limit", 1)), 100))
        page = int(query.get("page", 0))
        ids = self.image_ids(breed) if any(b["id"] == breed for b in self.breeds) else []
        if "x-api-key" not in headers:
            # Without a key the real API ignores paging and answers a few random images.
            chosen = random.sample(ids, min(len(ids), 1))
            return self.json(h, headers, [self.image(breed, i) for i in chosen])
        chosen = ids[page * limit:(page + 1) * limit]
        if self.shuffle_search:
            chosen = random.sample(chosen, len(chosen))
        extra = [("Pagination-Count", str(len(ids))), ("Pagination-Page", str(page)),
                 ("Pagination-Limit", str(limit))]
        self.json(h, headers, [self.image(breed, i) for i in chosen], extra=extra)

    def json(self, h, headers, value, status=200, extra=(), slow=False):
        body = json.dumps(value).encode()
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        extra = list(extra) + [("ETag", etag), ("Last-Modified", LAST_MODIFIED)]
        if status == 200 and headers.get("if-none-match") == etag:
            return self.send(h, 304, b"", None, extra=[("ETag", etag)])
        self.send(h, status, body, "application/json; charset=utf-8", extra=extra, slow=slow)

    def send(self, h, status, body, content_type, extra=(), slow=False, length=None):
        h.send_response(status)
        if content_type:
            h.send_header("Content-Type", content_type)
        for name, value in extra:
            h.send_header(name, value)
        h.send_header("Content-Length", str(len(body) if length is None else length))
        h.end_headers()
        if slow:
            step = max(1, len(body) // 10)
            for i in range(0, len(body), step):
                h.wfile.write(body[i:i + step])
                h.wfile.flush()
                time.sleep(0.15)
        else:
            h.wfile.write(body)

    # The "trickle" fault: a 200 whose body comes one byte every `trickle_every`
    # seconds, never silent long enough for a read timeout and never done; a
    # test sets a shorter pace on its instance.
    trickle_every = 10.0

    def trickle(self, h):
        body = b'{"message": "' + b"." * 1000 + b'"}'
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        try:
            for i in range(len(body)):
                h.wfile.write(body[i:i + 1])
                h.wfile.flush()
                time.sleep(self.trickle_every)
        except (BrokenPipeError, ConnectionResetError):
            pass
        h.close_connection = True

    def fault(self, h, kind):
        """Answers with fault `kind`; False for faults that shape a normal answer (slow)."""
        if kind == "slow":
            return False
        if kind == "trickle":
            self.trickle(h)
            return True
        if kind.startswith("answer:"):
            # "answer:<body>": a 200 whose JSON body is exactly <body>, whatever was asked.
            self.send(h, 200, kind[len("answer:"):].encode(), "application/json; charset=utf-8")
            return True
        if kind in ("500", "401"):
            self.send(h, int(kind), b'{"message": "scripted failure"}', "application/json")
        elif kind == "429":
            self.send(h, 429, b'{"message": "rate limited"}', "application/json", extra=[("Retry-After", "1")])
        elif kind == "truncated":
            self.send(h, 200, b'[{"id": "ab', "application/json", length=4096)
            h.close_connection = True
        elif kind == "html":
            self.send(h, 200, b"<!doctype html><title>Maintenance</title>", "text/html; charset=utf-8")
        elif kind == "garbage":
            self.send(h, 200, b'[{"id": "abys", "name": }]', "application/json")
        elif kind == "redirect-http":
            self.send(h, 302, b"", None, extra=[("Location", "http://example.com/v1/breeds")])
        elif kind == "huge":
            h.send_response(200)
            h.send_header("Content-Type", "image/jpeg")
            h.send_header("Content-Length", str(60 * 1024 * 1024))
            h.end_headers()
            chunk = b"\xff\xd8\xff" + b"\0" * (1024 * 1024 - 3)
            try:
                for _ in range(60):
                    h.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            h.close_connection = True
        elif kind == "not-image":
            self.send(h, 200, b"this is not a picture of a cat\n" * 40, "image/jpeg")
        elif kind == "truncated-image":
            whole = self.photos[0]
            self.send(h, 200, whole[: len(whole) // 2], "image/jpeg")
        else:
            raise ValueError(kind)
        return True


if __name__ == "__main__":
    import sys
    api = FakeAPI().start()
    print(api.base, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        api.stop()
        sys.exit(0)
