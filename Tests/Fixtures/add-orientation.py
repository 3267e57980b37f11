"""Writes a copy of a JPEG with a minimal EXIF APP1 segment: Orientation, and
optionally Make, Model, DateTimeOriginal and ImageDescription (for the EXIF
allow-list and preview caption tests). An empty argument leaves that tag out."""
import struct
import sys

source, target, orientation = sys.argv[1], sys.argv[2], int(sys.argv[3])
make, model, taken, description = (sys.argv[4:8] + [None] * 4)[:4]
data = open(source, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"

ascii_tags = [(0x010E, description), (0x010F, make), (0x0110, model)]
ascii_tags = [(tag, (value + "\0").encode()) for tag, value in ascii_tags if value]
ifd0_count = 1 + len(ascii_tags) + (1 if taken else 0)
ifd0_size = 2 + 12 * ifd0_count + 4
offset = 8 + ifd0_size  # where out-of-line values start
entries, blobs = [], b""
entries.append(struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0))
for tag, value in ascii_tags:
    entries.append(struct.pack("<HHII", tag, 2, len(value), offset + len(blobs)))
    blobs += value
exif_ifd = b""
if taken:
    exif_offset = offset + len(blobs)
    entries.append(struct.pack("<HHII", 0x8769, 4, 1, exif_offset))
    value = (taken + "\0").encode()
    exif_ifd = struct.pack("<H", 1) + struct.pack("<HHII", 0x9003, 2, len(value), exif_offset + 18)
    exif_ifd += struct.pack("<I", 0) + value
entries.sort()
tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", ifd0_count) + b"".join(entries)
tiff += struct.pack("<I", 0) + blobs + exif_ifd
payload = b"Exif\x00\x00" + tiff
segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
open(target, "wb").write(data[:2] + segment + data[2:])
