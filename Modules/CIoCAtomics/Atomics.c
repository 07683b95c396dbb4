// The functions are static inline in include/CIoCAtomics.h; a C target needs a source file.
#include "CIoCAtomics.h"
