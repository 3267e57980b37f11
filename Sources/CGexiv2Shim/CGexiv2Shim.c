#include "CGexiv2Shim.h"

#include <gexiv2/gexiv2.h>

struct cgx_metadata {
  GExiv2Metadata *gexiv2;
};

int cgx_init(void) {
  gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE);
  return gexiv2_initialize() ? 0 : -1;
}

cgx_metadata *cgx_open(const char *path) {
  GExiv2Metadata *gexiv2 = gexiv2_metadata_new();
  if (gexiv2 == NULL) return NULL;
  if (!gexiv2_metadata_open_path(gexiv2, path, NULL)) {
    g_object_unref(gexiv2);
    return NULL;
  }
  cgx_metadata *metadata = g_new0(cgx_metadata, 1);
  metadata->gexiv2 = gexiv2;
  return metadata;
}

int cgx_has_xmp(cgx_metadata *metadata) { return gexiv2_metadata_has_xmp(metadata->gexiv2) ? 1 : 0; }

void cgx_free(cgx_metadata *metadata) {
  if (metadata == NULL) return;
  g_object_unref(metadata->gexiv2);
  g_free(metadata);
}

char *cgx_tag_string(cgx_metadata *metadata, const char *tag) {
  return gexiv2_metadata_try_get_tag_string(metadata->gexiv2, tag, NULL);
}

unsigned char *cgx_tag_bytes(cgx_metadata *metadata, const char *tag, size_t *size) {
  *size = 0;
  GBytes *bytes = gexiv2_metadata_try_get_tag_raw(metadata->gexiv2, tag, NULL);
  if (bytes == NULL) return NULL;
  gsize length = 0;
  unsigned char *data = g_bytes_unref_to_data(bytes, &length);
  *size = length;
  return data;
}

char **cgx_tag_values(cgx_metadata *metadata, const char *tag) {
  return gexiv2_metadata_try_get_tag_multiple(metadata->gexiv2, tag, NULL);
}

void cgx_free_string(char *string) { g_free(string); }

void cgx_free_bytes(unsigned char *bytes) { g_free(bytes); }

void cgx_free_values(char **values) { g_strfreev(values); }
