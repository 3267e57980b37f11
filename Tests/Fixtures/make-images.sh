#!/usr/bin/env bash
# Regenerates the image fixtures (committed; needs libvips-tools and python3).
# Each base image is 60x40 with a red block in the stored top-left corner, so a
# test can tell where EXIF orientation moved it.
set -euo pipefail
cd "$(dirname "$0")/images"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vips black "$tmp/black.v" 60 40 --bands 3
vips linear "$tmp/black.v" "$tmp/blue.v" "0 0 0" "40 90 200"
vips black "$tmp/mark.v" 20 14 --bands 3
vips linear "$tmp/mark.v" "$tmp/red.v" "0 0 0" "230 20 20"
vips insert "$tmp/blue.v" "$tmp/red.v" "$tmp/base.v" 0 0
vips cast "$tmp/base.v" "$tmp/base8.v" uchar
vips copy "$tmp/base8.v" "$tmp/base.jpg[Q=95]"
for n in 1 2 3 4 5 6 7 8; do
  python3 ../add-orientation.py "$tmp/base.jpg" "orientation-$n.jpg" "$n"
done
python3 ../add-orientation.py "$tmp/base.jpg" "camera.jpg" 1 Canon "Canon EOS R6" "2019:10:07 12:34:56"
python3 ../add-orientation.py "$tmp/base.jpg" "described.jpg" 1 "" "" "" "Sunset over the gorge"
vips copy "$tmp/base8.v" "progressive.jpg[Q=90,interlace]"
vips pngsave "$tmp/base8.v" "palette.png" --palette
vips colourspace "$tmp/base8.v" "$tmp/cmyk.v" cmyk
vips copy "$tmp/cmyk.v" "cmyk.jpg[Q=90,strip]"
vips colourspace "$tmp/base8.v" "$tmp/rgb16.v" rgb16
vips copy "$tmp/rgb16.v" "sixteen-bit.png"
vips colourspace "$tmp/base8.v" "$tmp/grey.v" b-w
vips copy "$tmp/grey.v" "grey.png"
# Wide gamut: the same pixels converted to ProPhoto (ROMM RGB, from Debian's
# ghostscript) with that profile embedded; they only look right converted back.
vips icc_transform "$tmp/base8.v" "$tmp/prophoto.v" /usr/share/color/icc/ghostscript/rommrgb.icc --input-profile srgb
vips copy "$tmp/prophoto.v" "prophoto.png"
vips bandjoin_const "$tmp/base8.v" "$tmp/alpha.v" 128
vips copy "$tmp/alpha.v" "alpha.png"
# A portrait photo and one larger than the smallest ladder width.
vips resize "$tmp/base8.v" "$tmp/big.v" 12
vips rot "$tmp/big.v" "$tmp/portrait.v" d90
vips copy "$tmp/portrait.v" "portrait.jpg[Q=80]"
vips copy "$tmp/big.v" "landscape.jpg[Q=80]"
head -c 300 landscape.jpg > truncated.jpg
head -c 3000 landscape.jpg > truncated-data.jpg
: > empty.jpg
printf 'this is not an image\n' > not-an-image.jpg
