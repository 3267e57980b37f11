"""Writes a copy of a JPEG with an EXIF APP1 segment holding only Orientation."""
import struct
import sys

source, target, orientation = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(source, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"
# Little-endian TIFF header, one IFD0 entry: tag 0x0112 SHORT count 1.
tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
tiff += struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack("<I", 0)
payload = b"Exif\x00\x00" + tiff
segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
open(target, "wb").write(data[:2] + segment + data[2:])
