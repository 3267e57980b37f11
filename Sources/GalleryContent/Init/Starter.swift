import Foundation

/// The files `catgallery init` writes: one small example of every input, so a
/// new site builds at once and shows each format.
enum Starter {
  static let files: [String: String] = [
    "content/site.yml": """
    # Every key is optional; these are the defaults unless noted.
    title: My Cat Gallery
    description: Photos, breeds and facts about cats.
    # What the home page's search field says before anything is typed.
    search_placeholder: Search breeds, cats, photos, facts
    # The absolute URL the site will live at (for canonical links, sitemap.xml,
    # link previews' images and the Atom feed, which need absolute URLs).
    base_url: ""
    language: en
    # What the sections of parks.plist are called in menus and headings.
    sections_title: Parks
    # The URL folder of the sections list: parks gives /parks/.
    sections_path: parks
    images:
      # Widths of the responsive images; never larger than a photo itself.
      widths: [320, 640, 1280, 2048]
      # Edge of the square grid thumbnails at 1x (a 2x copy is made too).
      thumbnail: 240
      quality: 80
      # Add avif to opt in; PNGs with transparency stay PNG.
      formats: [webp, jpeg]
      # The rows of the info panel (camera, lens, exposure, date, keywords,
      # rating); all a photo has when none are listed.
      exif: []
      # Photos claiming more pixels than this are refused rather than decoded.
      max_megapixels: 200
    # What photos say about themselves (EXIF, IPTC, XMP, read by exiv2).
    metadata:
      # The info panel on photo pages and in the lightbox, true or false; left
      # out, it is on when images.exif lists rows (preview always shows it).
      # info: true
      # Read but never published unless listed here: gps, serial, owner.
      publish: []
    # A zip of each album for download: true holds each photo's largest published
    # copy (metadata stripped); originals holds the files as they are, GPS and all.
    zip: false
    # The order of a previewed folder's albums (photos and child albums) whose
    # index.md names none: name, date, -name or -date; left empty, by date taken
    # when every photo has one, else by name. parks.plist keeps its own order.
    sort:
    # The most items one page of an album (or of the breeds, cats or facts)
    # shows; past it, pages go on at page/2/, page/3/… 1 to 10000.
    page_size: 100
    # An album's grid view: square crops, or justified rows of one height in
    # which every photo keeps its own shape.
    grid: square
    # Videos (.mp4 .m4v .mov .webm .mkv .avi) become H.264/AAC MP4 through ffmpeg,
    # made once per clip and settings; a clip that already plays is copied as it is.
    videos:
      max_height: 1080      # the short side at most, in pixels; never enlarged
      crf: 23               # x264's quality, 0-51: lower is better and larger
      preset: veryfast      # x264's speed: ultrafast … veryslow
      max_seconds: 600      # a longer clip is refused
      # max_megabytes: 2000 # a larger file is refused
    # The web APIs `catgallery fetch` downloads breeds, photos, cats and facts
    # from; none by default. Keys are read from the environment variables named.
    sources:
      # thecatapi:
      #   base_url: https://api.thecatapi.com/v1
      #   api_key_env: THECATAPI_KEY
      #   photos_per_breed: 5
      # restdb:
      #   url: https://mydb-1a2b.restdb.io/rest/cats
      #   api_key_env: RESTDB_KEY
      # facts:
      #   url: https://catfact.ninja/facts
      # The longest each try of a request may take in all, in seconds, its whole answer
      # included (fetch tries a request up to 4 times; a cat edit once).
      # timeout: 60

    """,
    "content/parks.plist": """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
      <dict>
        <key>name</key>
        <string>Back garden</string>
        <key>photos</key>
        <array>
          <dict>
            <key>imageName</key>
            <string>kitten</string>
            <key>caption</key>
            <string>Our kitten, first day home</string>
          </dict>
        </array>
      </dict>
    </array>
    </plist>

    """,
    "content/categories.plist": """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
      <dict>
        <key>CategoryTitle</key>
        <string>Kittens</string>
        <key>CategoryDescription</key>
        <string>Small and busy</string>
        <key>ImageNames</key>
        <array>
          <string>kitten</string>
        </array>
      </dict>
    </array>
    </plist>

    """,
    "content/breeds.json": """
    [
      {
        "id": "abys",
        "name": "Abyssinian",
        "origin": "Egypt",
        "description": "A slender, ticked cat that is curious about everything you do.",
        "temperament": "Active, Energetic, Independent, Intelligent, Gentle",
        "life_span": "14 - 15",
        "weight": {"imperial": "7 - 10", "metric": "3 - 5"},
        "adaptability": 5, "affection_level": 5, "child_friendly": 3, "dog_friendly": 4,
        "energy_level": 5, "grooming": 1, "health_issues": 2, "intelligence": 5,
        "shedding_level": 2, "social_needs": 5, "stranger_friendly": 5, "vocalisation": 1,
        "natural": 1, "rare": 0, "hypoallergenic": 0, "lap": 1,
        "wikipedia_url": "https://en.wikipedia.org/wiki/Abyssinian_(cat)",
        "reference_image_id": "0XYvRd7oD"
      }
    ]

    """,
    "content/cats.json": """
    [
      {
        "catName": "Pepper",
        "ownerName": "You",
        "breedId": "abys",
        "birthDate": "2022-04-01T00:00:00.000Z",
        "weightKg": 3.8,
        "rating": 5,
        "photoUrl": "kitten"
      }
    ]

    """,
    "content/facts.json": """
    ["Cats sleep for around two thirds of the day."]

    """,
    "content/notes/abys.md": """
    ---
    title: Living with an Abyssinian
    author: You
    ---
    Abyssinians like **high places**. Give them a shelf near a window.

    """,
    "content/photos/CREDITS.md": """
    # Photo credits

    Published as the site's credits page. Say who took each photo and under
    which licence, for example:

    - `kitten.jpg`: a generated illustration, CC0.

    """,
    "README.md": """
    # My cat gallery

    Made with `catgallery init`. Edit the files in `content/`, then run
    `catgallery serve` to preview with live reload, or `catgallery build` to write `public/`.

    """,
  ]
}
