#include "RawScan.h"
#include <malloc.h>

// Bytes the program holds from malloc: the heap's chunks in use and the chunks glibc maps on
// their own (large allocations: a table of 10,000 components is one). Without the mapped ones a
// large table counts or not depending on glibc's moving mmap threshold, by as much as 33 bytes
// per component.
size_t ioc_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
