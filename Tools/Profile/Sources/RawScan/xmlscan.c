#include "RawScan.h"
#include <libxml/xmlreader.h>

long ioc_raw_xml_scan(const char *bytes, int length) {
    xmlTextReaderPtr reader = xmlReaderForMemory(bytes, length, "bench.xml", NULL, XML_PARSE_NONET);
    long nodes = 0;
    int status;
    if (reader == NULL) return -1;
    while ((status = xmlTextReaderRead(reader)) == 1) nodes++;
    xmlFreeTextReader(reader);
    return status == 0 ? nodes : -1;
}
