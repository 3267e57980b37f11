// Plain C wrappers around gexiv2 (exiv2's C API): no glib types, no variadic
// functions, no macros. Swift sees only char pointers, sizes and an opaque
// handle to one file's metadata. No decisions are made here: which tags to
// read and what their values mean is the Swift side's business.
#ifndef CGEXIV2SHIM_H
#define CGEXIV2SHIM_H

#include <stddef.h>

typedef struct cgx_metadata cgx_metadata;

/// Starts exiv2 (its XMP toolkit) and mutes its log, which would otherwise
/// print warnings about odd files on stderr. Returns 0 on success.
int cgx_init(void);

/// Reads the EXIF, IPTC and XMP of the file at path. NULL when exiv2 cannot
/// read it (not an image it knows, damaged). Free the result with cgx_free.
cgx_metadata *cgx_open(const char *path);

void cgx_free(cgx_metadata *metadata);

/// 1 when exiv2 found any XMP in the file: an XMP sidecar it reads but finds
/// nothing in is damaged or no XMP at all. 0 otherwise.
int cgx_has_xmp(cgx_metadata *metadata);

/// The tag's value as exiv2 writes it as text ("14/5" for a rational,
/// `lang="x-default" text` for an XMP language alternative), or NULL when the
/// file lacks it. Free with cgx_free_string.
char *cgx_tag_string(cgx_metadata *metadata, const char *tag);

/// The tag's value as stored, byte for byte (IPTC and EXIF text in whatever
/// character set the file used), or NULL when the file lacks it; size receives
/// the byte count. Free with cgx_free_bytes.
unsigned char *cgx_tag_bytes(cgx_metadata *metadata, const char *tag, size_t *size);

/// Every value of a repeatable tag (IPTC Keywords, an XMP bag), as stored, in
/// a NULL-terminated array; NULL when the tag is not one exiv2 knows. Free
/// with cgx_free_values.
char **cgx_tag_values(cgx_metadata *metadata, const char *tag);

void cgx_free_string(char *string);
void cgx_free_bytes(unsigned char *bytes);
void cgx_free_values(char **values);

#endif
