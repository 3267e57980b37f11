"""Writes a previewable folder of N tiny JPEGs, each with a caption in a photo text
file beside it (IMG_00001.md), in albums of 200, for the search benchmark
(bench/suites/search.sh and scale.sh). Deterministic: the same N gives the same bytes.

usage: python3 bench/search_corpus.py DIR [N]
"""
import random
import sys
from pathlib import Path

from PIL import Image

BREEDS = ["Abyssinian", "Aegean", "American Bobtail", "American Curl", "American Shorthair", "Balinese",
          "Bengal", "Birman", "Bombay", "British Shorthair", "Burmese", "Chartreux", "Cornish Rex",
          "Devon Rex", "Egyptian Mau", "Exotic Shorthair", "Havana Brown", "Himalayan", "Japanese Bobtail",
          "Korat", "LaPerm", "Maine Coon", "Manx", "Munchkin", "Nebelung", "Norwegian Forest Cat", "Ocicat",
          "Oriental", "Persian", "Ragamuffin", "Ragdoll", "Russian Blue", "Savannah", "Scottish Fold",
          "Selkirk Rex", "Siamese", "Siberian", "Singapura", "Snowshoe", "Somali", "Sphynx", "Tonkinese",
          "Toyger", "Turkish Angora", "Turkish Van", "Mau égyptien", "Chat des forêts norvégiennes"]
NAMES = ["Tofu", "Miso", "Luna", "Oliver", "Zoë", "Chloé", "Mochi", "Simba", "Nala", "Pepper", "Ginger",
         "Shadow", "Smokey", "Tiger", "Bella", "Lucy", "Milo", "Leo", "Jasper", "Olive", "Pumpkin", "Biscuit",
         "Noodle", "Pixel", "Clementine", "Hazel", "Maple", "Pistache", "Renée", "Søren", "Ünal", "Kiki"]
ACTIONS = ["sleeping on", "watching birds from", "stretching on", "hiding under", "playing with a ribbon near",
           "chasing a moth across", "curled up in", "yawning on", "grooming beside", "sitting in",
           "napping in the sun on", "peeking out of", "climbing", "rolling on", "waiting by"]
PLACES = ["the window sill", "the sofa", "the kitchen table", "a cardboard box", "the garden wall",
          "the bookshelf", "the laundry basket", "the radiator", "the stairs", "the balcony", "the piano",
          "a suitcase", "the café terrace", "the hallway rug", "the greenhouse", "the attic"]
WHEN = ["in the morning", "at dusk", "after breakfast", "on a rainy day", "in winter", "in spring",
        "on a summer evening", "before dinner", "at midnight", "during the storm"]
TRIPS = ["Provence", "Kyoto", "Lisbon", "Brittany", "Istanbul", "Crete", "Reykjavík", "Montréal", "Zürich",
         "Kraków", "Cádiz", "Oaxaca", "Hokkaido", "Tallinn", "Sevilla", "Napoli", "Bergen", "Hanoi",
         "Marrakech", "Dubrovnik"]


def main():
    root = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    rng = random.Random(24)
    per_album = 200
    for number in range(count):
        album = number // per_album
        folder = root / f"{2000 + album // 20} {TRIPS[album % len(TRIPS)]} {album:03d}"
        if number % per_album == 0:
            folder.mkdir(parents=True, exist_ok=True)
        stem = f"IMG_{number + 1:05d}"
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        Image.new("RGB", (48, 36), colour).save(folder / f"{stem}.jpg", quality=70)
        caption = (f"{rng.choice(NAMES)} the {rng.choice(BREEDS)} {rng.choice(ACTIONS)} "
                   f"{rng.choice(PLACES)} {rng.choice(WHEN)}")
        (folder / f"{stem}.md").write_text(f"---\ncaption: {caption}\n---\n")


if __name__ == "__main__":
    main()
