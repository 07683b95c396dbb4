#ifndef IOC_RAW_SCAN_H
#define IOC_RAW_SCAN_H
#include <stddef.h>

/// Parses `length` bytes of YAML with libyaml's event API and does nothing else: the floor
/// the YAML front end is measured against. Returns the number of events, or -1 on error.
long ioc_raw_yaml_scan(const unsigned char *bytes, size_t length);


/// Reads `length` bytes of XML with libxml2's xmlTextReader and does nothing else. Returns
/// the number of nodes read, or -1 on error.
long ioc_raw_xml_scan(const char *bytes, int length);

/// The bytes the C heap has handed out and not taken back (glibc's mallinfo2): how much
/// memory a built container holds, measured without the allocator's cached pages.
size_t ioc_heap_bytes_in_use(void);

#endif /* IOC_RAW_SCAN_H */
