#include "CVipsShim.h"

#include <malloc.h>
#include <math.h>
#include <string.h>
#include <vips/vips.h>
#include <webp/mux.h>

struct cgv_image {
  VipsImage *vips;
};

// liborc 0.4.33 (Debian 12's) keeps compiled code in a shared pool without a
// lock: two threads building or freeing libvips resizes (which compile orc
// code) at once corrupt the heap (lovell/sharp#3677; orc 0.4.34 fixes it).
// Every call here that builds or frees a resize holds this lock; the pixel
// work, which runs when an image is copied to memory or saved, stays outside.
static GMutex resize_lock;

static void release(VipsImage *image) {
  if (image == NULL) return;
  g_mutex_lock(&resize_lock);
  g_object_unref(image);
  g_mutex_unlock(&resize_lock);
}

// Warnings libvips logs while a thread works on one photo, in place of GLib's
// printing them: the caller reports them against that photo.
typedef struct {
  GMutex lock;
  GString *text;
  // What opening the file logged, each line between newlines: metadata notes
  // (unknown TIFF tags, odd EXIF) that reading the pixels logs again.
  GString *opening;
} collector;

// The collector of the photo this thread works on, or NULL.
static GPrivate current_collector;

static void collect(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
  (void)domain;
  (void)level;
  (void)data;
  collector *target = g_private_get(&current_collector);
  // A warning outside any photo's work has no file to name: dropped, like
  // VIPS_WARNING does, rather than printed unattributed between diagnostics.
  if (target == NULL || message == NULL) return;
  char *line = g_strconcat("\n", message, "\n", NULL);
  g_mutex_lock(&target->lock);
  if (strstr(target->opening->str, line) == NULL) g_string_append(target->text, line + 1);
  g_mutex_unlock(&target->lock);
  g_free(line);
}

void cgv_warnings_begin(void) {
  collector *target = g_malloc0(sizeof(collector));
  g_mutex_init(&target->lock);
  target->text = g_string_new(NULL);
  target->opening = g_string_new("\n");
  g_private_set(&current_collector, target);
}

void cgv_warnings_end(char *buf, size_t size) {
  collector *target = g_private_get(&current_collector);
  if (size > 0) buf[0] = '\0';
  if (target == NULL) return;
  g_private_set(&current_collector, NULL);
  if (size > 0) g_strlcpy(buf, target->text->str, size);
  g_string_free(target->text, TRUE);
  g_string_free(target->opening, TRUE);
  g_mutex_clear(&target->lock);
  g_free(target);
}

// Sets aside what was collected so far, the warnings of opening the file: the
// same lines logged again later are not collected.
static void set_aside_opening(void) {
  collector *target = g_private_get(&current_collector);
  if (target == NULL) return;
  g_mutex_lock(&target->lock);
  g_string_append(target->opening, target->text->str);
  g_string_truncate(target->text, 0);
  g_mutex_unlock(&target->lock);
}

// Decoders run on libvips' worker threads, not the caller's: each request for
// pixels passes through here and lends the worker the caller's collector.
static int lend_collector(VipsRegion *out, void *sequence, void *in, void *target, gboolean *stop) {
  (void)in;
  (void)stop;
  VipsRegion *region = sequence;
  collector *previous = g_private_get(&current_collector);
  g_private_set(&current_collector, target);
  int failed = vips_region_prepare(region, &out->valid) ||
               vips_region_region(out, region, &out->valid, out->valid.left, out->valid.top);
  g_private_set(&current_collector, previous);
  return failed;
}

// The same pixels as in, computed with this thread's collector (a new reference).
static VipsImage *collecting(VipsImage *in) {
  collector *target = g_private_get(&current_collector);
  if (target == NULL) {
    g_object_ref(in);
    return in;
  }
  VipsImage *out = vips_image_new();
  if (vips_image_pipelinev(out, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL) ||
      vips_image_generate(out, vips_start_one, lend_collector, vips_stop_one, in, target)) {
    g_object_unref(out);
    return NULL;
  }
  // out keeps in alive until it closes.
  g_object_ref(in);
  vips_object_local(out, in);
  return out;
}

static cgv_image *wrap(VipsImage *vips) {
  if (vips == NULL) return NULL;
  cgv_image *image = g_malloc(sizeof(cgv_image));
  image->vips = vips;
  return image;
}

int cgv_init(void) {
  // Fewer malloc arenas: with one per thread, freed pixel buffers stay mapped
  // and peak memory grows with the thread count.
  mallopt(M_ARENA_MAX, 2);
  if (VIPS_INIT("catgallery")) return -1;
  // Derivatives are made in parallel by the caller; libvips' own threads only add contention.
  vips_concurrency_set(1);
  vips_cache_set_max(0);
  // Only the formats catgallery supports are ever decoded: ImageMagick and the
  // other loaders stay blocked even for a file whose name says JPEG.
  vips_operation_block_set("VipsForeignLoad", TRUE);
  // JPEG XL comes as a module (vips-jxl.so, in Debian's libvips42): naming a
  // loader that is not installed does nothing.
  const char *supported[] = {"VipsForeignLoadJpeg",  "VipsForeignLoadPng",  "VipsForeignLoadWebp",
                             "VipsForeignLoadNsgif", "VipsForeignLoadTiff", "VipsForeignLoadHeif",
                             "VipsForeignLoadJxl"};
  for (size_t i = 0; i < G_N_ELEMENTS(supported); i++) vips_operation_block_set(supported[i], FALSE);
  // Installed after VIPS_INIT, so it takes precedence over the silent handler
  // libvips installs when VIPS_WARNING is set: collection never depends on it.
  g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, collect, NULL);
  return 0;
}

int cgv_loader(const char *path, char *loader, size_t loader_size) {
  if (loader_size > 0) loader[0] = '\0';
  const char *name = vips_foreign_find_load(path);
  if (name == NULL) return -1;
  const char *nickname = vips_nickname_find(g_type_from_name(name));
  if (nickname != NULL && loader_size > 0) g_strlcpy(loader, nickname, loader_size);
  return 0;
}

void cgv_take_error(char *buf, size_t size) {
  if (size == 0) return;
  g_strlcpy(buf, vips_error_buffer(), size);
  vips_error_clear();
}

int cgv_header(const char *path, int *width, int *height, int *orientation,
               int *has_alpha, int *pages, char *loader, size_t loader_size) {
  VipsImage *image = vips_image_new_from_file(path, NULL);
  if (image == NULL) return -1;
  *width = vips_image_get_width(image);
  *height = vips_image_get_height(image);
  int value = 1;
  if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) &&
      vips_image_get_int(image, VIPS_META_ORIENTATION, &value) == 0 && value >= 1 && value <= 8)
    *orientation = value;
  else
    *orientation = 1;
  *has_alpha = vips_image_hasalpha(image);
  *pages = vips_image_get_n_pages(image);
  const char *name = NULL;
  if (loader_size > 0) {
    loader[0] = '\0';
    if (vips_image_get_string(image, VIPS_META_LOADER, &name) == 0 && name != NULL)
      g_strlcpy(loader, name, loader_size);
  }
  g_object_unref(image);
  return 0;
}

static VipsImage *to_8bit(VipsImage *in) {
  VipsImage *out = NULL;
  switch (vips_image_get_interpretation(in)) {
    case VIPS_INTERPRETATION_RGB16:
    case VIPS_INTERPRETATION_CMYK:
    case VIPS_INTERPRETATION_LAB:
    case VIPS_INTERPRETATION_scRGB:
      if (vips_colourspace(in, &out, VIPS_INTERPRETATION_sRGB, NULL)) return NULL;
      return out;
    case VIPS_INTERPRETATION_GREY16:
      if (vips_colourspace(in, &out, VIPS_INTERPRETATION_B_W, NULL)) return NULL;
      return out;
    default:
      if (vips_image_get_format(in) != VIPS_FORMAT_UCHAR) {
        if (vips_cast_uchar(in, &out, NULL)) return NULL;
        return out;
      }
      g_object_ref(in);
      return in;
  }
}

// Whether the image's embedded profile can convert its pixels: a grey JPEG
// carrying an RGB profile (or a profile lcms cannot read) has one that does
// not, and converting with it fails. 1 also for an untagged image.
static int profile_fits(VipsImage *image) {
  const void *data = NULL;
  size_t length = 0;
  if (!vips_image_get_typeof(image, VIPS_META_ICC_NAME)) return 1;
  if (vips_image_get_blob(image, VIPS_META_ICC_NAME, &data, &length)) return 0;
  if (!vips_icc_is_compatible_profile(image, data, length)) return 0;
  // libvips 8.14 also accepts a grey profile on an RGB photo: the import then
  // reads one band and passes the other two on as extra bands, five in all,
  // which nothing after it can use. Building the import (no pixels are read)
  // tells how many bands it gives: the three of the connection space, and the
  // alpha if the photo has one.
  VipsImage *imported = NULL;
  if (vips_icc_import(image, &imported, "embedded", TRUE, NULL)) {
    vips_error_clear();
    return 0;
  }
  int fits = vips_image_get_bands(imported) == 3 + (vips_image_hasalpha(image) ? 1 : 0);
  g_object_unref(imported);
  return fits;
}

int cgv_profile_fits(const char *path) {
  VipsImage *header = vips_image_new_from_file(path, NULL);
  if (header == NULL) return -1;
  int fits = profile_fits(header);
  g_object_unref(header);
  return fits;
}

// A JPEG scaled by 1/shrink as libjpeg decodes it (smaller blocks, for far
// less work than a full decode), then resized to the size vips_thumbnail gives
// the whole photo. vips_thumbnail itself leaves a factor of two for its resize:
// a 12-megapixel photo would be decoded in full for 1280 px.
static int thumbnail_jpeg(const char *path, int shrink, int full_width, int full_height, int width, int height,
                          int tagged, VipsImage **out) {
  double scale = VIPS_MAX(1.0, VIPS_MAX((double)full_width / width, (double)full_height / height));
  int target_width = VIPS_MAX(1, (int)rint(full_width / scale));
  int target_height = VIPS_MAX(1, (int)rint(full_height / scale));
  VipsImage *shrunk = NULL;
  if (vips_jpegload(path, &shrunk, "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                    VIPS_FAIL_ON_ERROR, NULL))
    return -1;
  int failed = tagged ? vips_thumbnail_image(shrunk, out, target_width, "height", target_height, "size",
                                             VIPS_SIZE_FORCE, "no_rotate", TRUE, "export_profile", "srgb", NULL)
                      : vips_thumbnail_image(shrunk, out, target_width, "height", target_height, "size",
                                             VIPS_SIZE_FORCE, "no_rotate", TRUE, NULL);
  // out keeps what it reads alive.
  g_object_unref(shrunk);
  return failed;
}

// vips_thumbnail of a file (with the loader's options on its name), under
// the resize lock; a tagged photo is converted to sRGB with its profile.
static int thumbnail_file(const char *source, int width, int height, VipsSize size, int tagged, VipsImage **out) {
  g_mutex_lock(&resize_lock);
  int failed = tagged ? vips_thumbnail(source, out, width, "height", height, "size", size, "no_rotate", TRUE,
                                       "fail_on", VIPS_FAIL_ON_ERROR, "export_profile", "srgb", NULL)
                      : vips_thumbnail(source, out, width, "height", height, "size", size, "no_rotate", TRUE,
                                       "fail_on", VIPS_FAIL_ON_ERROR, NULL);
  g_mutex_unlock(&resize_lock);
  return failed;
}

// thumb in 8 bits, its decoding's warnings collected for this thread (thumb
// is released; NULL on error).
static VipsImage *watched_8bit(VipsImage *thumb) {
  // What opening the file logged is about its metadata (unknown TIFF tags,
  // odd EXIF), harmless; from here on a new warning means damaged pixel data.
  set_aside_opening();
  VipsImage *watched = collecting(thumb);
  release(thumb);
  if (watched == NULL) return NULL;
  VipsImage *eight = to_8bit(watched);
  release(watched);
  return eight;
}

cgv_image *cgv_load(const char *path, int max_width, int max_height, int pages, int jpeg_shrink) {
  // A photo with an embedded profile (Display P3, Adobe RGB, ProPhoto) is
  // converted to sRGB: the profile is stripped on save, and without it the
  // pixels would show dull. Untagged photos are taken as sRGB already and left
  // alone; libvips would otherwise run them through its own sRGB profile.
  VipsImage *header = vips_image_new_from_file(path, NULL);
  if (header == NULL) return NULL;
  // A profile that does not fit the pixels is ignored, as browsers do: the
  // pixels are taken as sRGB (cgv_profile_fits lets the caller say so).
  int tagged = vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0 && profile_fits(header);
  int orientation = 1;
  if (vips_image_get_typeof(header, VIPS_META_ORIENTATION))
    vips_image_get_int(header, VIPS_META_ORIENTATION, &orientation);
  int full_width = vips_image_get_width(header);
  int full_height = vips_image_get_height(header);
  g_object_unref(header);
  // libvips rotates a thumbnail while building it, which decodes the photo
  // under the lock; rotating the decoded copy below keeps the decode outside.
  int swap = orientation >= 5 && orientation <= 8;
  int width = swap ? max_height : max_width;
  int height = swap ? max_width : max_height;
  VipsImage *thumb = NULL;
  int failed;
  // libjpeg decodes at 1/2, 1/4 or 1/8 only, and libvips 8.14 rounds the
  // scaled size down: a side shorter than the factor becomes 0 pixels and
  // trips an assertion that aborts the process (a 1x1 JPEG at 1/8). Any
  // other factor decodes whole instead.
  if (jpeg_shrink != 2 && jpeg_shrink != 4 && jpeg_shrink != 8) jpeg_shrink = 1;
  if (full_width / jpeg_shrink < 1 || full_height / jpeg_shrink < 1) jpeg_shrink = 1;
  if (jpeg_shrink > 1) {
    g_mutex_lock(&resize_lock);
    failed = thumbnail_jpeg(path, jpeg_shrink, full_width, full_height, width, height, tagged, &thumb);
    g_mutex_unlock(&resize_lock);
    if (failed) return NULL;
  } else {
    // The loader's options ride on the file name, as in vipsthumbnail.
    char *source = pages == 1 ? g_strdup(path) : g_strdup_printf("%s[n=%d]", path, pages);
    failed = thumbnail_file(source, width, height, VIPS_SIZE_DOWN, tagged, &thumb);
    g_free(source);
    if (failed) return NULL;
  }
  VipsImage *eight = watched_8bit(thumb);
  if (eight == NULL) return NULL;
  VipsImage *memory = vips_image_copy_memory(eight);
  release(eight);
  if (memory == NULL || orientation == 1) return wrap(memory);
  VipsImage *rotated = NULL;
  failed = vips_autorot(memory, &rotated, NULL);
  release(memory);
  if (failed) return NULL;
  VipsImage *upright = vips_image_copy_memory(rotated);
  release(rotated);
  return wrap(upright);
}

cgv_image *cgv_load_frames(const char *path, int width, int height) {
  VipsImage *header = vips_image_new_from_file(path, NULL);
  if (header == NULL) return NULL;
  int tagged = vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0 && profile_fits(header);
  g_object_unref(header);
  // The frames stay where the loader reads them, sequentially, as the saver
  // asks: no copy of them all is ever made.
  char *source = g_strdup_printf("%s[n=-1]", path);
  VipsImage *thumb = NULL;
  int failed = thumbnail_file(source, width, height, VIPS_SIZE_FORCE, tagged, &thumb);
  g_free(source);
  if (failed) return NULL;
  return wrap(watched_8bit(thumb));
}

int cgv_width(const cgv_image *image) { return vips_image_get_width(image->vips); }
int cgv_height(const cgv_image *image) { return vips_image_get_height(image->vips); }
int cgv_has_alpha(const cgv_image *image) { return vips_image_hasalpha(image->vips); }
int cgv_page_height(const cgv_image *image) { return vips_image_get_page_height(image->vips); }

cgv_image *cgv_resize(const cgv_image *image, int width, int height, int exact) {
  VipsImage *out = NULL;
  g_mutex_lock(&resize_lock);
  int failed = vips_thumbnail_image(image->vips, &out, width, "height", height, "size",
                                    exact ? VIPS_SIZE_FORCE : VIPS_SIZE_DOWN, NULL);
  g_mutex_unlock(&resize_lock);
  return failed ? NULL : wrap(out);
}

cgv_image *cgv_extract(const cgv_image *image, int left, int top, int width, int height) {
  VipsImage *out = NULL;
  if (vips_extract_area(image->vips, &out, left, top, width, height, NULL)) return NULL;
  return wrap(out);
}

int cgv_bands(const cgv_image *image) { return vips_image_get_bands(image->vips); }

long cgv_shrink_pixels(const cgv_image *image, int factor, unsigned char *pixels, size_t capacity,
                       int *width, int *height) {
  VipsImage *small = NULL;
  g_mutex_lock(&resize_lock);
  // Each side shrinks by the factor or by its own length, whichever is less:
  // vips_shrink refuses to shrink a side to nothing (a 1x1000 photo by 10).
  double across = VIPS_MAX(1, VIPS_MIN(factor, vips_image_get_width(image->vips)));
  double down = VIPS_MAX(1, VIPS_MIN(factor, vips_image_get_height(image->vips)));
  int failed = vips_shrink(image->vips, &small, across, down, NULL);
  g_mutex_unlock(&resize_lock);
  if (failed) return -1;
  size_t size = 0;
  void *memory = vips_image_write_to_memory(small, &size);
  *width = vips_image_get_width(small);
  *height = vips_image_get_height(small);
  release(small);
  if (memory == NULL) return -1;
  if (size > capacity) {
    g_free(memory);
    vips_error("catgallery", "sample of %zu bytes exceeds %zu", size, capacity);
    return -1;
  }
  memcpy(pixels, memory, size);
  g_free(memory);
  return (long)size;
}

cgv_image *cgv_materialize(const cgv_image *image) {
  return wrap(vips_image_copy_memory(image->vips));
}

// The fields a derivative keeps: how an animation plays. Everything else the
// source brought along (EXIF with its GPS position, serial numbers, owner and
// maker notes, the embedded thumbnail, XMP, IPTC, comments, the ICC profile
// of pixels already made sRGB) is removed before saving: the savers' "strip"
// alone is not enough, as libvips 8.14's webpsave ignores it and writes the
// EXIF and XMP chunks whatever it says.
static const char *kept_fields[] = {VIPS_META_PAGE_HEIGHT, VIPS_META_N_PAGES, "delay", "loop", "gif-delay", "gif-loop"};

static void *list_field(VipsImage *image, const char *name, GValue *value, void *names) {
  (void)image;
  (void)value;
  g_ptr_array_add(names, g_strdup(name));
  return NULL;
}

// A copy of in (sharing its pixels) without any metadata but kept_fields.
static VipsImage *bare(VipsImage *in) {
  VipsImage *out = NULL;
  if (vips_copy(in, &out, NULL)) return NULL;
  // Listed first: removing while vips_image_map walks the table is unsafe.
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  vips_image_map(out, list_field, names);
  for (guint i = 0; i < names->len; i++) {
    const char *name = g_ptr_array_index(names, i);
    gboolean keep = FALSE;
    for (size_t k = 0; k < G_N_ELEMENTS(kept_fields); k++) keep = keep || strcmp(name, kept_fields[k]) == 0;
    // The header's own fields (width, bands, ...) are not metadata and stay whatever this says.
    if (!keep) vips_image_remove(out, name);
  }
  g_ptr_array_free(names, TRUE);
  return out;
}

// libvips 8.14's webpsave writes an EXIF chunk even for an image without
// any (a fresh one of resolution, size and orientation), and the source's
// EXIF, XMP and ICC profile whatever "strip" says: the file is made in memory,
// and libwebpmux takes those chunks out before it is written.
static int save_webp(VipsImage *in, const char *path, int quality, int effort) {
  void *encoded = NULL;
  size_t length = 0;
  if (vips_webpsave_buffer(in, &encoded, &length, "Q", quality, "strip", TRUE, "effort", effort, NULL)) return -1;
  WebPData data = {encoded, length};
  WebPMux *mux = WebPMuxCreate(&data, 0);
  WebPData clean = {NULL, 0};
  int failed = mux == NULL;
  const char *chunks[] = {"EXIF", "XMP ", "ICCP"};
  for (size_t i = 0; !failed && i < G_N_ELEMENTS(chunks); i++) {
    WebPMuxError deleted = WebPMuxDeleteChunk(mux, chunks[i]);
    failed = deleted != WEBP_MUX_OK && deleted != WEBP_MUX_NOT_FOUND;
  }
  failed = failed || WebPMuxAssemble(mux, &clean) != WEBP_MUX_OK;
  if (mux != NULL) WebPMuxDelete(mux);
  g_free(encoded);
  GError *error = NULL;
  if (!failed && !g_file_set_contents(path, (const char *)clean.bytes, (gssize)clean.size, &error)) {
    vips_error("webpsave", "%s", error->message);
    g_error_free(error);
    WebPDataClear(&clean);
    return -1;
  }
  WebPDataClear(&clean);
  if (failed) vips_error("webpsave", "cannot remove the metadata chunks");
  return failed ? -1 : 0;
}

static int save_bare(VipsImage *in, const char *path, int format, int quality, int progressive, int effort) {
  switch (format) {
    case CGV_JPEG: {
      // JPEG has no alpha: flatten onto white rather than black.
      VipsImage *flat = NULL;
      if (vips_image_hasalpha(in)) {
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int failed = vips_flatten(in, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (failed) return -1;
        in = flat;
      }
      int result = vips_jpegsave(in, path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                 "interlace", progressive ? TRUE : FALSE, NULL);
      if (flat) g_object_unref(flat);
      return result;
    }
    case CGV_WEBP:
      return save_webp(in, path, quality, effort);
    case CGV_PNG:
      return vips_pngsave(in, path, "strip", TRUE, "compression", 6, NULL);
    case CGV_AVIF:
      return vips_heifsave(in, path, "Q", quality, "strip", TRUE, "compression",
                           VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
    default:
      vips_error("catgallery", "unknown output format %d", format);
      return -1;
  }
}

int cgv_save(const cgv_image *image, const char *path, int format, int quality, int progressive, int effort) {
  VipsImage *clean = bare(image->vips);
  if (clean == NULL) return -1;
  int result = save_bare(clean, path, format, quality, progressive, effort);
  release(clean);
  return result;
}

void cgv_free(cgv_image *image) {
  if (image == NULL) return;
  release(image->vips);
  g_free(image);
}
