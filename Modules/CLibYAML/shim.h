#ifndef IOC_CYAML_SHIM_H
#define IOC_CYAML_SHIM_H
#include <yaml.h>
#endif
