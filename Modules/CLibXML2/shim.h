#ifndef IOC_CLIBXML2_SHIM_H
#define IOC_CLIBXML2_SHIM_H
/* NB: libxml2 built with ICU includes the system's <unicode/*.h>, whose UErrorCode clashes with
   the copy Foundation ships (_FoundationICU). No API used here needs ICU, so keep it out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>
#include <stdlib.h>

/* `xmlFree` is a global function pointer: Swift 6 refuses to touch it directly. */
static inline void cxml_free(void *pointer) { xmlFree(pointer); }

/* Refuses every external entity, DTD and network resource. */
static inline xmlParserInputPtr cxml_refuse_loader(const char *url, const char *id, xmlParserCtxtPtr context) {
    (void)url; (void)id; (void)context;
    return NULL;
}

static inline void cxml_install_refusing_loader(void) { xmlSetExternalEntityLoader(cxml_refuse_loader); }

/* The safe option set for libxml2 2.9: no entity substitution, no DTD loading or validation,
   no XInclude, no HUGE, no network; errors reported to the caller, not printed. */
static inline int cxml_safe_options(void) {
    return XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA;
}

/* An attribute's value as a new string (free with cxml_free), or NULL. */
static inline xmlChar *cxml_attribute_value(xmlDocPtr document, xmlAttrPtr attribute) {
    return xmlNodeListGetString(document, attribute->children, 1);
}

/* Whether the document declares a DTD (internal or external subset). */
static inline int cxml_has_dtd(xmlDocPtr document) {
    return document->intSubset != NULL || document->extSubset != NULL;
}

#endif
