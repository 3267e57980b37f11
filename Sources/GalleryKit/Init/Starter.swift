import Foundation

/// The files `catgallery init` writes: one small example of every input, so a
/// new site builds at once and shows each format.
enum Starter {
  static let files: [String: String] = [
    "content/site.yml": """
    # Every key is optional; these are the defaults unless noted.
    title: My Cat Gallery
    description: Photos, breeds and facts about cats.
    # The absolute URL the site will live at (for canonical links and sitemap.xml).
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
      # EXIF shown on photo pages (camera, lens, exposure, date); none by default.
      exif: []
      # Photos claiming more pixels than this are refused rather than decoded.
      max_megapixels: 200

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

  /// A small generated kitten illustration (CC0), as `content/photos/kitten.jpg`.
  static let photo = Data(
    base64Encoded: """
      /9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBD
      AQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAEOAWgD
      ASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEG
      E1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4
      eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6
      /8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEI
      FEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaH
      iImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIR
      AxEAPwC2BTgKcFpQK9U8oaBTsU4ClxTAaFp22nAUu2mIaFpQtPC0uKAGBacFp4WlC0AM20u2n7aULTEM20u2n7aXbQBHtpdtSbaX
      bTER7aNtSbaXbQBHto21JtpdtAiLbS7ak20baAI9tG2pNtG2gCLbRtqXbRtoAi20m2pdtG2gZFtpNtS7aNtAEO2jbUu2k20gIttJ
      tqXbSFaBkW2kK1LtpCtAEJWkK1MVpuKQyIrSbalK03bQBEVpMVKRTcUgIiKQipSKaRQMiIoqQrRSAeBTgKcBShaBjQKdtpwFKBQI
      QLShacBTgtMQ0LSgU8LShaAGhaULTwtKBTAZtpQtPC0u2gQzbS7afilxTAZtpdtOxRQA3FLilpjyrGQG71E6kaceabsioU5VJcsV
      djsUYpQQwyCCKMVSaauiWraMTFGKWimITFGKWigBMUYpaMUAJijFKxCjJIApkciyE47Vm6sFNQb1fQ0VKbi5paIXFG2nUVoQM20m
      2pMUYoAi20hWpcUm2kBFtpCtSla07PSA6iW4yAeQg4/OsqtaFKPNI0hTlN2RikUhFdYttDGMJEij2Wo5bO3mGHiU++MGuBZlG+sd
      Dp+qO25yxWmla07/AE1rX95GS0fv1WqBWu+nUjUjzRZyyg4OzIitN21KRTSKsRERSEVKRTStAERFFSEUUhjwKcBSgU4CgBAKULTg
      KcBTAaFpwFOC0oFAhoWnBacFpwWmIaFpQtPC0uKAGYpcU7FGKAG0U7FGKLgNop2KMUXAbVO5bMpH93ir2KznbzJSfU14+cVLUYw7
      v8v6R6+UQvVcuy/MI5GjbI/EVbimWTjofQ02S0U8ocH0PSqzxvGcMCK8yjicRg9N4/19x62JwdLE67S7l/FFVY7plID/ADD9as+b
      HtzvGPrXv0MdRrRunb1Pna+CrUZWav6C0U0TRno4/OkNxEATvHFb+3pWvzL70Y+wq3tyv7h+KjkmSPg8t6VXkui/CnaP1NMSN5D8
      oJ968jEZrryUFd9/8kethsqbtKs/kDyNIcsfoPSpLU4lx6ipY7NRy5yfQdKrISkoPoa8qDqUq8atTuevVpRlQlTgraF+inYoxX2J
      8aNop2KMUXAbRinYoxRcCxptsJ7sbhlUG4j19K3iKytGwJZR32j+da9eBj5N1rdj08LFKncjIppFSkU0iuE6SF0V1KsMqRgiuZuI
      fIneI/wnFdURXP6kAb+THt/KvTy6T53HpY48UlyplArTStTFaaRXsnAREU0ipSKaRSGREUU8iigB4FPApQKcBSGIBSgU4CnAUCGg
      U4CnBacFpgNApwFLilxQIbiinYqlez39tIJbe0S6gC/OiPiUH1UHhvpkGhuw0rlum+bGZjCJF8wLuKZ5AzjOPSo7e+tbqy+2RSho
      QCWbGCuOoIPQjuDVPRI8WJ1CcYuL8+c5PUKfuL9AuP1qJVIxV29CowcnZLU0qKaJkJ7ipOtRSxFKtf2cky6lCpS+ONhtFOxRit7m
      IyQ7Y2PoDWfCMzIPerl2+yLaOrcVWtRmcewJr53M5qeIhBdP1Po8qpuNGU31/QvUjbdp3Yx3zQSAMk4AqlPOZTtXhR+tRWqxpx1P
      SSuRyFC5KDC02iivHbu7moUUUUhhGEDgyLuXvWku0KNmNvbFZtSwTmI7W5Q/pXXhqyg7SIkrl+s6YbZnHvWgCCMg5BrOu32XZU8B
      gCDXRi1eCZMHqaEbb41b1FOqK05tx7E1PivpaFRzpRk+qR8fXhyVZRXRsbRTsUYra5iNop2KMUXAls5/s1ysh+70b6V0AIIBByD0
      IrmsVbtL+S2GwjfH6dx9K8/GYV1ffjudVCsoe7LY2sUEVVTU7Vhy5U+hWmyapboPk3OfYYryvq9a9uVnb7WFr3Jp5FgiaR+i/rXO
      SMZJGdurHJq1dXUl02XOFHRR0FVytexhMP7GN5bs4K1XnemxCRTSKmK00iuwwIiKaRUpFNIpAQkUVIRRQMeBTgKAKeBSGIBTgtKB
      TgKBCBacBShaXFAhuKMU7FGKdwGOwRcmoTO2eAKdc8bat2NpZzWTyTPhxnPzY2+lfN4/GYh4h0aUuVL/AIc97BYWj7BVKiu2cd4r
      c6bp11qFsrL9pXyLqNfuyBhgP7MOme4PNbdtcR3VpBPEMRPEpQei44FVdas/7Q0W7tcZMkR2/wC8OR+orN8EXn2rw3FGT81uzREe
      3Ufoa8+tiquIw3vPZ6/od9LD06Nf3VujrbjTJLe1E7Op6blHbNQ25yCp7U17qeSJYnlZkXoDTrZclj+FVl0l9ch7PRdfuIx0f9ll
      7T+tSXFGKdijFfZXPlShfsN6KOoGabZgBnY9AKjuX33Ln0OBTAxCFQeCea+RxFZfWpT8/wDgH1+Ep8mHjHy/PUluJ/MO1fuj9ahq
      jrGrQaLp0l7cZIXhUHV2PQCuFHxE1b7QXNvamI9I9p4/HOazjSq4i8y6lenSdmekUVzNl4pvWsY7+700NZyDJntX3+X67lPPFdHZ
      ypfxxSWjCdZseWU53ZqKuHq0mlNWuOlXp1U+R3sPorqf+Eaj/snyePtf3/M9/wC79P8A9dcP4g1aLw9ZST3SEyK2xIuhZ/SieHqR
      aTW4Qrwkm09i/SGvOE+ImrCYs1vatGeibCMfjmuktfFF0tpFeX+nAWcqhhc2r+YqD/aXqK1eCr2bSvbsZrGUbpN2udPBcmE7W+4f
      0pupqC0bjkFetV0ljuIUmhdZI3G5WU5BFJI7FAhOVByPaoVV8jhI3a6ovaTNvDxseRg1o4rAs5fIu0ftnB/GuhxX0OW1Oahy9j5r
      Moctfm7jcUYp2KMV6VzzhuKMU7FGKLgNxRinYoxRcBuKMU7FGKLgNxQRTsUYouBGVppWpStNIpDIiKaRUpFNIoAiIopxFFAx4FOA
      pQKcBUgAFOApQKcBTATFGKXFGKLgJijFLijFFwI5o/MTA6jpVIjBwRyK0cUyWJXUnb82ODXjZjl/t/3kPiX4nqYHHex/dz2/Io9K
      5HwwP7M8VavpJ4Rj5sY+hz/Jv0rsMVzOp6deR+NtM1K0tpJY5R5U7IuQvUcntwf0rwcNTcuan3X4rU9qvUUeWfZnS4NXIQBEuBVb
      Y2du05+lW402IF9K9TKKTjVk2uh52Z1VKnFJ9RcU1+EJp+KjuB+4bHpX0TdkeGldmLu3MT6nNOqJTUgr4hu7ufarRWOA+I99vvLS
      wU8RIZW+rcD9B+tcXXW+N7CWbXbqdAT5cEcmP9j7pP4HH51yVe/ho8tGNjw8RLmqyPcvBnhbT7bwBDeJdPJJPF9pZ9w2KxHKAfhj
      1zUHgnytG8byacEAt9Qgae2HaKVfvgfUc1h+CrG40/w+BMzqbl/N8sk4UYwOPXv+NbOmqZviJoEcf3oVnmf2TZj+Zr1qlL/Zrz8m
      vI8qFX/abQ+fmepV4X8a9Qjn8VwWMS4NrbhpT6u3P6KB+de6dq+fvinp058b6tc4JCiGQj/pmyAbvoCMfjXnJXZ33scKeBXvPh7w
      rp1h4BgniunmZ4ROZGYFGLAEqB6dq8Hr1TwjZXGneHYoJ2cNKxlMZY4TPQY7cfzrswkJSqaOxy4qUY09UN0xf7J1y40leLWdPtNs
      v9w5w6j271sOayLs+Z4wsFXrDayu/sDwP1rVc14WZ04wxUlE9vLZynhouQ0NskVuuDXSWzb7dD7YrmGOCDXS2PzWoPua7Mqekl6H
      Fmi1i/UnxRilxRivZueOJijFLijFFwExRilxRii4CYoxS4oxRcBMUYpcUYouAmKaRT8UEUXAiIphFTEUwikBERRTyKKBjgKeBQBT
      wKQxAKdilApcUCsNxRinYoxRcLDcUYp2KMUXCw3FGKdijFFwsQPbqzZyR9KkRAi7V6U/FGKxhQpQk5xjZs1lVqTioyd0huKcibjg
      sq+7UYoxWxlYd9nY/daNvo4pk1tN5Z/dse/AzS4oAI6Ej6UtR6HMsrRuVdSpB7jFPVqtXt5e210VE8m0jgMcj9ahF+W/1tvbye5j
      2n8xivkq1JQqON9j62jUc6albcxtd0+4laDUrBQ95aZ/dnpNGfvIf6Vm6ZaeF72f7TDZwRXSnLQS/K0bf7hOP0rr1ls5DhreWMn/
      AJ5vu/Q/41u/8IVoF9bKup6XBdynkySJhx7ZBzx9a9PLcTOn7jSlH8jzcww8KnvpuMvzOJvtYsdPTM06tI3CRRndI59AorpfBOhz
      6b9q8R66otry8URxwuf+PaHPCn/aJ5Nb2leE/D+iS+dpukW1vL/z0CZcf8COSK1JY45Y2ikUMjjBU9xXpV8TKrpsjzqGHhSd9yv/
      AGtp3/P7D/31XKeONBm1RbfxDoiLd3VqjRSwDkXUB6qPcHJH40zybH/hLv7C+1jdt35/DOzP9/HOPTmu2jSOKNYo1CoowFHYVzRk
      4u6O6tTpWtF3ueK6VZ+GJ5/tVpawR3CH5opMq0Tf7hPBrR1DW7HTk/eTCSVuEhiO53PoAK9E1bwn4f1uXztS0i2uJf8AnoUw5/4E
      MGs1/Bmg2Nuyadp0NpKORJEmXPtknPP1rteOlCD5Iq55qwUZTXPJ2OF0izuEkn1K/AW8u8ZQHPlIPup/jWgxq20tjGSFtppSP+es
      m39FH9aibUSn+ptbaL3EW4/m2a+XqSdSbnN6s+mhFU4KEFoioFeVtqKzk9lGa66xs50s4lMbAhecjFYNleX93drH9pkC9wp2j8hX
      R445JP1NexltO0XNdTx8xqXkoPoO+zsPvMi/VxTXTacBlb3WjFGK9XU8sbijFOxRii4rDcUYp2KMUXCw3FGKdijFFwsNxRinYoxR
      cLDcUYp2KMUXCxGRTSKlIppFAEJFFPIooGOAp4FIBTwKkYAUuKXFGKdxCYoxS4oxRcBMUYpcUYouAmKMUuKMUXATFGKXFGKLgJil
      UhTkoG9iaMUqozHCqSfalcYvmL2hj/U/1o83/plH/wB807yGH3yqfU0bYh1dm/3V/wAaWg9TP1Ut9mMyW8DMnJ3RA8ViDUW729r/
      AN+RXV7ogMCLP+81Y2o28tovnWNvAqD7wWEFl98nNeXjcPKT9pD5nqYLERivZy+RNoGLy5Mr2tuEhwQVjwd3bvXUpIQc7T+VZGnP
      NFYxLLITIRubtye3FWxKT1NKjDkgiq0+ebZqAgjIrIvtBe8u5J01rVbVZMbooJwE4GOAQSv4VKsxXoxFON05/jNbGJB/wjGjf2T/
      AGX9kHk7/N3bz5nmf89N/wB7f/tZosdBezu4531rVbpY87Yp5wU6Y5AA3fjUhlOc55pftUg/jNAzRLADJOKoyyMzk+V+YNVnmZuW
      Yn61EZiOjEfjQIw9eIs7kSraWxSXklosnd371jnU27Wtp/34FdTqM1xJZSLFKwcDcvfkduay9Jt5b1ftF9b27xH7gaEBm98jHFcM
      8PKVW0Op2xrxjS5p9C3o6Otv58tvbo8n3QsQGBWj5v8A0yj/AO+aduiPWLH+61G2I9HZf95f8K9qnCMIqKPFnNzk5Mb5i94Y/wBR
      /WmsQxyFC+wNSeQx+4Vf6GmMjKcMpB9DVpoh3G4oxS4oxVXJExRilxRii4CYoxS4oxRcBMUYpcUYouAmKMUuKMUXAaRTSKkxTSKV
      xkRFFOIooAcBTgKQCngUh2DFLilxRigLCYoxS4oxQFhMUYpcUYoCwmKMUuKMUBYTFGKXFGKAsJijpS4oxQFhuKMU7FGKAsJigcHN
      LijFAEpaOXniN/8Ax0/4VHvI7gj1ByPzqnfXqW6MitmUjgen1rGSR4jlHZT7GvIxWKp0pqMde56+Fw1SrDmk7djphL70ebUmlaaZ
      tPSW6d/Mk+YYwMDt/jU7aOf4J/8Avpa2jLmimZSjyyaKZl96aZKt/wBjy/8APdPyNOXRf79x/wB8rVEme0lNG5zgfmTgVa1XS2hs
      WmtZG3R/MwbHIrl3kkkILuzEdMnpXJXxSpO1jro4Z1Ve50qJFF8zYlfsP4R/jTaqaddG4iKucunU+o9auYr06EoTgpQ6nlV4zjNx
      n0ExSYp2KjuGeO3kdBlguRWspcqbZlGPM0kOOBgHv0petc2XZjuLEnrkmtPT79pHEEpycfK3c+1edQzGFSfLJWvsejXy6dOHMne2
      5o4oxS4oxXpnm2ExRilxRigLCYoxS4oxQFhMUYpcUYoCwmKMUuKMUBYbimkVJimkUBYjIopSKKAsOFOApBTxU3GLRilFLQA3FGKd
      RQA3FGKdRQA3FGKdRQA3FGKdRQA3FGKdRQA3FGKdRQA3FRzyeTA8m3O0ZxnrU1Y+rXQdxbpnCH5vc+lc+JrKjTcuvQ6MNRdaoo9O
      pRnlM87SlQpY5wKfYwi4v4ISMh5ACPUd6grX8NWnn6l5x+7AN2MdSeBXzUE6lVX6s+lm1Tpu3RHXgADAGAOgFFFFe+eCFFFFACOi
      yIUcBlYYIPcV5/cwm3upYT1jcr+teg1yPia3MWqeb/DMgI+o4NcGOheCl2O/BTtNx7mTFK0MqyIeVOfrXRwypPEsiHKsPyrmT0rR
      0a52ytA7YVhlcnvUZfX5J8j2f5lZhQ54c63X5GxijFOxRX0B8+ZGo6ft3XEQ+Xqyjt7isyuqxWDqVqbe4LgDZIcrjt6ivCx+FUP3
      sNup7uAxTn+6nv0NHTbhZrVUzl4xhs/pVvFYOmymK9Tnh/lP410GK9DA1va0lfdaHn46iqVV22eo3FGKdRXacQ3FGKdRQA3FGKdR
      QA3FGKdRQA2mEVIaaaLgRmilNFAwFPFVje26/wAefoM006lGPuox/SsXVgt2MvClrOOpt/DEB9TSHUJz02j8Kh4mmhGlRWUby4P/
      AC0I+gFMNxMesr/nUPFR6IDYxRWKZHPV2P40mT6n86n62uwG3keo/Ok3L/eH51iUVP1t9gNren99fzFG9P76/mKxaKPrb7Abe9f7
      y/nRuX+8PzrExRR9bfYDcoxWHShmHRiPxp/W/IDZkdYo2kfhVGTXLu2+Rn/vEnmrVzO/leWXYhuxNVK8vHYj2slFdD3ctp8tNzfU
      K6fwmg+z3L85Lge3SuYrrPCyuNNkY7drSnbjr05zWWDX71HVi3+6ZtUUUV7R4wUUUUAFc34tjbfay8bcMv48GukrI8TJG2kl3OGR
      xs+p7flXPiY81JnRhpctVHHmmbijBh1BzSsaiY14iPaZ2MUizRJKpyrjIp1ZugTmWxMZH+qbA+h5rUxX1dGp7Smpdz5SrT9nUcew
      2s3W0zBG/wDdbH5j/wCtWpiqWrKW098DoQf1rPFx5qEl5GmFly14vzMBTtYEEjBzkV1KMHQMpyCMg+tcrXTWQQWUOzldgrzcrk+a
      SPSzSK5YslopaK9s8USilooASinYoxQA2inYpKAGmmGpDTDSAjNFKaKAMIGnCmCnCvGEPFOFMFOFIB1FFFAgooooAKKKKACiiigA
      ooooAKKKKAKl237xR6CogaL1v9Ix6KKiDV51XWbPqMIrUIryJq7Lw4gXRoyGDbmYnHY56VxIau18NKRosZII3OxHvzXRgl+9+RON
      f7v5mrRRRXrnkBRRRQAVl+IwTok2FDYKk57c9a1Ky/EpI0GfHqufpuFZVv4cvQ1pfxI+pwzNUbNSM1MLV4aR7bZpaRqL2byqqBw4
      BwTjBFaJ1uc9Iox+dc/aHNx/wE1er0aFWcYWTPncw0r6di+dZuj0WMf8BqK41K4niMbldrdcLiqtITmlXrzUGm9ycDTlUrJ9FqJV
      tNQuo0VEl2qowAFFVB1p1YYW8btHXmtT3owXqWv7TvP+e5/IUf2lef8APdvyFVaK7PaT7s8e5a/tK8/57t+Qo/tO8/57n8hVWij2
      k+7C5b/tO8/57f8Ajopf7VvP+eg/75FU6KPaT7sLsvDV7sfxIf8AgFL/AGzdd1jP/AaoU0mn7WfcLs0f7bn7xRn86P7cbvbr+DVm
      E0hqvb1O47s1v7bT+KBh9GFFY5oqvrFTuHMy0DTwajBpwNYlEgNOBpgNOBoAeDS0wGnA0hC0UUUAFFFFABRSMwXrULXKrQBPRVNr
      z0qNr0gZzgU7DsaGRUbTRp1bn0FZMl9I/AJAqEzue9FhFu8kDzhh0xUIeoS7NznpQHrhqxtNn0WCnzUF5FgPXc+F939hxFjwXbb9
      M1wAeu28Gu7aTIGbKrMQo9OBmtcJpUKxetM6CimrIrlgpyUO1vY0LIrs6qclDhvY16x5Q6iimtIqMiscFzhfc0AOrI8UsF0CfJIy
      VAwepyK1WkVCoY4Lnavua5rxy5WxtVBODKc+nSsq7tTZtRV6iOPLUwtTS1MLV41j17luyYCZiey1eDg9KqaemIi5/iPH0q3VKtyq
      yRxVcAq1TnlIUmkpryLGMscVUluy3CDA/nUxjOq7s1nUoYODUd+xeGKWs0XD+tPF0wrujDlVkfO1JyqTc5bsv0VTW79akW6U1VjO
      xYopiyK3Q0+kIKKKTNAATTSaCaQmgYhpCaCaaTTAQmikJooArrqE5GTtH/Aaf9vnGOV/75qmDTs1F2F2W/t9xkYKgZ5+Wnf2hOP7
      v/fNUwaUNu79OKLsV2XRqE/+z/3zSjUJ/Vf++apg04GldhdlwahP6r/3zS/2hP8A7P8A3zVMGlzRdiuy39vnxn5f++aP7Qn/ANn/
      AL5qCGOSaVYYlLPIdqqOpNSX1hdaeyLcR7GYZXkEEZwelGo9bXIri6uHKnI46YFVHubnB5H1xVr+lNKqT0oUmHMyp9rnAxx+VI11
      KwwcflVoxIaabdSOlVzD5ip57+35Uee/t+VTGBdwUdaDa0cwXIfPf2/Kl+0PnJx+VSG1NNNs1J2e5cKsofC7DVndTzhvrWjpPiO/
      0h28ko8TnLROOCfr1FZ/2dqQwMCB60RtF3RbxFWSs5M7S38e2KhmksLhHc7m2MrAn8cVWuvHmA/9n2OxpDkvM2eenQf41ynkNR5D
      Vr7WXcXtZdzZTxnraSSN9oRt5Bw0YIX6DtWlaePCdg1Gx3tGciSFsc9Pun/GuTaFhk44o8l/Skqkl1JVSS6na3Hj2xYK0dhcO6Hc
      u9lUA/hmsHVfFN3q9qbeeCFV8wOhTOV4xj3rI8lvSjymyB60SqOSsyvbTTumIJTnkA1ZjubZPvWxLD/az/OoPIal8hzWLhFmscZW
      j9ostqrYISID0JOaibUbhlxlR7gc1H9nal+zNSVOC6BPGV5byEa5lY5LZPvTfPf2/Kn/AGcggY608WtaXsczld3ZF57+35Unnye3
      5VOLUU42qkY6H1o5hXKxlkJHt7U8SSn0/KrCwqFyR9aeEUdqXMLmGQyTKc5H5VbFzJjqM/SoAMDmlPBpXYrkpuZPb8qabmT2/Koi
      aQ9M0XYEn2qQgHj8qQ3Mnt+VQs2ASe1FF2BKbmT2/Kmm4f2/KoiaQmndjJfPc9x+VFQE0UagIKU8jFNz09qUGgBw4Jpy4C4pgNOz
      SAfSg0zOTmlzQIeDzinZqMcE+9OBoAmtrl7W7jmjxviYOuRkZq1qGpy6h5atHHFHGDtSMYGT1P41Q460uaB8zSt0HUAjPJ74pM0o
      AJ/M0iQAG4443GiiigBMDO7vitjUdBNlp5uFuC7oV3gptHzDI2k9fesipZLmeWJIpJ5HjQ5VWYkL9KasUnGzuiKinBGKlgpKjqcc
      Cm0hBjjNJgZzjmhMhME896WgQhwBzTkVWdQxwD1PpTSAePTmloLpyUZKTV/IV0UMQOR60mB6UdKKGE5KUnJK1+gYHpSbRnOKWkA5
      PvQQLgUYFFFACAetLRV2DR725tGu4VQptJVd3zPt64HehJsaTexViiaVtqDmmspViD1FKkjRnKHFNLbmOTk96t8nIrb/ANf195T5
      OVW3CiiioICjoMVoWslgLBhMF8zDbuPmPpg1m5rOM+ZtW2NJw5Une9xwOAT+lNzSE0ENt3Y49a1SFGEpXsr2EJpN3HHekPIxSZoJ
      A8jBpCaQk5HpSFgBk0DFJppNL1wPzpp4pgBNFM3EkehGfpRQMAaUGmZpc4QHqaYEgNLngVGSflx3NOBpBYfmlzSuqqF2tnI59qbm
      hqxpVpSpT5Jbj/T3pQRnFNB+U0wAhQe+Rn86RiT5yc0A00HjHvSJnauepFAEgPNLmo8YkJz2xT93A9qQDs0A8kUwnAJpQeBnrQA+
      gHIB9abmlHpQI0YdSWPTzbGIlgpAyflOe5FZ46UN3GfakZtqk+lRCnGLbXU0nUlNJS6aC5ooxyT60gYEVZmLjkn1oIDAg96TPzEe
      gpaAAZwM9cc0dx7nFFOVd/y9yeKCoxcpKMd2N70U6RDG5Q9RSHAJFA5wlCTjLdCUAYJPrRQSAMmggRztUn0q9b6zeW1s9pEyeWFI
      Vtg3IW67T2qkaTNCdhptbCj7oI6GkwNxPqKQHC47Uhb5gvc80CHZpM0maGPPFAxM7h7Z5oJpFwFIH1pCcNj8aAFJpTKxjCZ+XOcV
      G7bVJ9OtGaZcKk4X5Xa4A5GTSE0HqcUh9u9BIZpGGVwehozSvKXVVwBtqkjWEYOMnJ2fTzGk0hOTmm7spu9s0ik7RnrikZi0VHk7
      W65yaKYCg0nVsdsdKQGlBoAtWdu95dJbRlVaTgFug7/0qW/sWsXj/eLLHKu5JFGAfXg+9VIppIJVkidkdTkMpwRUlxdz3kvm3Ehk
      fAGT6CnpYr3eXzGFtqk04Go+vWnZqSR+aXNMzS5oEOBzkGlDHgHrimigZ3Fj3oAkzmlzTM0uaQDs0obnHpTc0d80CH5pc0yjNAEm
      c0DDcGmZozSAcxOF68kUY5Hsc0Z4FJmgB+aXPy+4NR5pc0AK3KkZ6ihWJAPQ4pM0ZoBXWo7dzkmkUkqCabmjNA223djs0h5BHrSZ
      pM0CJ7eLzSAzbcAVG42sVznBpY5hHkFQeD17VGTk1q3HkSS1Oicaaoxaervcd/Dn3pv8We54pM0mazOcceDimF/l3DnPSlJzTMfI
      FPbFAD80yQklSOxFLmkJoGKeeD3pM4/CkJoJyc0wA8UhNITn8qTNAC5ppPIozSE0xhwBgdKQmkzSE0AIp+XntxRTV4B+pooA/9k=
      """, options: .ignoreUnknownCharacters)
}
