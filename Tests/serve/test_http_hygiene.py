"""`serve`'s HTTP hygiene, with raw sockets: requests no browser sends but an
attacker's script or a stray client can. Redirects stay on this origin; a
request whose host is ambiguous or foreign never gets the edit forms or
their token.
"""
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests/support"))
from served import BINARY, Served  # noqa: E402

FORM = "/_catgallery/edit/caption?park=0&photo=0"


class Serve(Served):
    """`serve` on the starter site, spoken to over raw sockets."""

    def raw(self, data, timeout=10):
        """Sends `data` as it is and returns everything the server answers until it closes."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            sock.sendall(data.encode() if isinstance(data, str) else data)
            chunks = []
            while True:
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    break
                if not chunk:
                    break
                chunks.append(chunk)
        return b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture(scope="module")
def site():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="hygiene-"))
    subprocess.run([str(BINARY), "init", str(folder / "site")], check=True, capture_output=True)
    yield folder / "site"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def server(site):
    running = Serve(site)
    yield running
    running.stop()


def status_and_headers(answer):
    head = answer.split("\r\n\r\n", 1)[0].split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


def get(server, target, *headers):
    lines = [f"GET {target} HTTP/1.1", *headers, "Connection: close", "", ""]
    return server.raw("\r\n".join(lines))


# --- 13. redirects stay on this origin ----------------------------------------------------------

@pytest.mark.parametrize("target", ["//cats", "///cats", "//cats?x=1", "/%2Fcats"])
def test_a_folder_asked_for_with_leading_slashes_is_never_redirected_off_site(server, target):
    status, headers = status_and_headers(get(server, target, "Host: 127.0.0.1"))
    if status in (301, 302, 303, 307, 308):
        location = headers["location"]
        assert location.startswith("/") and not location.startswith("//"), location
        assert "\\" not in location
    else:
        assert status == 404


def test_a_folder_without_its_slash_is_still_redirected_to_it(server):
    status, headers = status_and_headers(get(server, "/cats", "Host: 127.0.0.1"))
    assert (status, headers["location"]) == (301, "/cats/")


# --- 14. the edit forms only to a request that names this server, once ---------------------------

def test_the_edit_form_is_served_to_a_plain_request(server):
    answer = get(server, FORM, f"Host: 127.0.0.1:{server.port}")
    assert status_and_headers(answer)[0] == 200 and 'name="_token"' in answer


def test_two_host_headers_get_no_form_and_no_token(server):
    answer = get(server, FORM, f"Host: 127.0.0.1:{server.port}", "Host: evil.example")
    status, _ = status_and_headers(answer)
    assert status in (400, 403) and "_token" not in answer, answer[:300]


def test_an_absolute_form_request_for_another_host_gets_no_form_and_no_token(server):
    answer = get(server, f"http://evil.example:{server.port}{FORM}", f"Host: 127.0.0.1:{server.port}")
    status, _ = status_and_headers(answer)
    assert status in (400, 403) and "_token" not in answer, answer[:300]


def test_an_absolute_form_request_naming_this_server_is_answered(server):
    answer = get(server, f"http://127.0.0.1:{server.port}{FORM}", f"Host: 127.0.0.1:{server.port}")
    assert status_and_headers(answer)[0] == 200 and 'name="_token"' in answer


# --- 12. slow clients are cut off; the live-reload stream is not --------------------------------

READ_TIMEOUT = 2


@pytest.fixture
def strict(site):
    running = Serve(site, "--read-timeout", str(READ_TIMEOUT))
    yield running
    running.stop()


def closed_within(sock, seconds, trickle=b""):
    """Whether the server closes `sock` within `seconds`, while `trickle` is sent a byte at a time."""
    sock.settimeout(0.2)
    deadline = time.monotonic() + seconds
    sent = 0
    while time.monotonic() < deadline:
        if sent < len(trickle):
            try:
                sock.sendall(trickle[sent:sent + 1])
            except OSError:
                return True
            sent += 1
        try:
            if sock.recv(65536) == b"":
                return True
        except socket.timeout:
            pass
        except OSError:
            return True
    return False


def test_a_slow_head_and_a_slow_body_are_cut_off_but_the_event_stream_stays(strict, site):
    events = socket.create_connection(("127.0.0.1", strict.port), timeout=10)
    events.sendall(b"GET /_catgallery/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert b"text/event-stream" in events.recv(65536)
    started = time.monotonic()
    slow_head = socket.create_connection(("127.0.0.1", strict.port))
    slow_body = socket.create_connection(("127.0.0.1", strict.port))
    slow_body.sendall(b"POST /_catgallery/edit/new-cat HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      b"Origin: http://127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                      b"Content-Length: 100000\r\n\r\nname=")
    head_bytes = b"GET /cats/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
    assert closed_within(slow_head, READ_TIMEOUT + 15, trickle=head_bytes)
    assert closed_within(slow_body, READ_TIMEOUT + 15, trickle=b"x" * 100)
    assert time.monotonic() - started < READ_TIMEOUT + 30
    # Well past the timeout the event stream is open and still tells of a rebuild.
    time.sleep(max(0, started + READ_TIMEOUT + 1 - time.monotonic()))
    plist = site / "content" / "parks.plist"
    plist.write_text(plist.read_text().replace("first day home", "first week home"))
    events.settimeout(20)
    seen = b""
    while b"event: reload" not in seen:
        chunk = events.recv(65536)
        assert chunk, "the event stream was closed"
        seen += chunk
    events.close()
    # A request sent at a normal pace is answered as before.
    status, _ = status_and_headers(get(strict, "/cats/", "Host: 127.0.0.1"))
    assert status == 200
