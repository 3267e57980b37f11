// Plain C wrappers around libvips: no glib types, no variadic functions, no macros.
// Swift sees only ints, doubles, char pointers and an opaque image handle.
#ifndef CVIPSSHIM_H
#define CVIPSSHIM_H

#include <stddef.h>

typedef struct cgv_image cgv_image;

/// Output formats understood by cgv_save.
enum cgv_format { CGV_JPEG = 0, CGV_WEBP = 1, CGV_PNG = 2, CGV_AVIF = 3 };

/// Starts libvips once per process. Returns 0 on success.
int cgv_init(void);

/// Copies and clears libvips' (process-wide) error buffer into buf.
void cgv_take_error(char *buf, size_t size);

/// Starts collecting, on this thread, the warnings libvips logs instead of
/// printing them: those of the calls this thread makes until cgv_warnings_end,
/// including those a cgv_load decode raises on libvips' own worker threads.
void cgv_warnings_begin(void);

/// Stops collecting on this thread and copies the warnings, one per line, into buf.
void cgv_warnings_end(char *buf, size_t size);

/// The nickname of the loader libvips picks for the file's content
/// ("jpegload", "magickload", ...), found from its first bytes without loading
/// it. Returns 0 on success, -1 when no loader knows the content.
int cgv_loader(const char *path, char *loader, size_t loader_size);

/// Reads the header only: size before orientation (of one page), EXIF
/// orientation (1-8), alpha, and libvips' n-pages (the frames of a GIF or WebP,
/// the pages of a TIFF; 1 when absent). loader receives libvips' loader name
/// ("jpegload", "pngload", ...). Returns 0 on success.
int cgv_header(const char *path, int *width, int *height, int *orientation,
               int *has_alpha, int *pages, char *loader, size_t loader_size);

/// Decodes once with shrink-on-load so the result fits max_width x max_height
/// (never enlarged), applies EXIF orientation, converts to 8-bit sRGB (or 8-bit
/// grey) and keeps the pixels in memory. NULL on error. Warnings about the
/// file's metadata are dropped; those of decoding its pixels go to this
/// thread's collection (cgv_warnings_begin). pages is the loader's n: 1 for the
/// first page only, -1 for every frame of an animation, stacked top to bottom
/// (cgv_page_height tells one frame's height; the frame delays and loop count
/// go along to cgv_save), each frame then fitting max_width x max_height.
/// jpeg_shrink 2, 4 or 8 decodes a JPEG scaled by that factor (it must still
/// cover max_width x max_height) and resizes it to the size the whole photo
/// would fit at; 1 leaves any reduction on load to libvips. Any other factor,
/// or one that would scale a side to nothing, decodes whole.
cgv_image *cgv_load(const char *path, int max_width, int max_height, int pages, int jpeg_shrink);

/// 1 when the file's embedded colour profile fits its pixels (or it has
/// none), 0 when it does not (an RGB profile on a grey JPEG, a profile lcms
/// cannot read): cgv_load then ignores it and takes the pixels as sRGB.
/// -1 when the file cannot be opened.
int cgv_profile_fits(const char *path);

/// Every frame of an animation, each exactly width x height, 8-bit sRGB,
/// decoded lazily: the frames are read one after another as cgv_save asks
/// for them, so memory does not grow with their number. NULL on error.
cgv_image *cgv_load_frames(const char *path, int width, int height);

int cgv_width(const cgv_image *image);
int cgv_height(const cgv_image *image);
int cgv_has_alpha(const cgv_image *image);
/// The height of one frame of an animation; the image's height for a still.
int cgv_page_height(const cgv_image *image);

/// Resizes an in-memory image to fit width x height (never enlarged); an
/// animation frame by frame. With exact != 0 the result is exactly width x
/// height, for an image already cut to that aspect.
cgv_image *cgv_resize(const cgv_image *image, int width, int height, int exact);

/// The area left, top, width x height of the image (lazy, like cgv_resize).
cgv_image *cgv_extract(const cgv_image *image, int left, int top, int width, int height);

int cgv_bands(const cgv_image *image);

/// Box-shrinks the image by an integer factor and copies the 8-bit pixels, row
/// by row, into pixels (capacity bytes). Returns the byte count, or -1.
long cgv_shrink_pixels(const cgv_image *image, int factor, unsigned char *pixels, size_t capacity,
                       int *width, int *height);

/// Evaluates a (lazy) image into memory so it can feed several further resizes.
cgv_image *cgv_materialize(const cgv_image *image);

/// Saves with all metadata removed, whatever the saver does with "strip":
/// no EXIF, XMP, IPTC, comments or ICC profile, only an animation's frame
/// delays and loop count. quality applies to lossy formats; progressive != 0
/// makes an interlaced JPEG; effort (0-6) is WebP's encoder effort.
int cgv_save(const cgv_image *image, const char *path, int format, int quality, int progressive, int effort);

void cgv_free(cgv_image *image);

#endif
