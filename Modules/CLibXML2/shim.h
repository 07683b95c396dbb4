#ifndef IOC_CLIBXML2_SHIM_H
#define IOC_CLIBXML2_SHIM_H
/* NB: libxml2 built with ICU includes the system's <unicode/*.h>, whose UErrorCode clashes with
   the copy Foundation ships (_FoundationICU). No API used here needs ICU, so keep it out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlwriter.h>
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

/* libxml2's encoding and I/O code print some failures ("encoding error : input conversion
   failed") through the generic error handler whatever the parser options say. The parse is
   reported to the caller as an error anyway, so for its duration this thread's handler (libxml2
   keeps it per thread) prints nothing; the previous one comes back afterwards. */
static inline void cxml_ignore_generic_error(void *context, const char *message, ...) { (void)context; (void)message; }

typedef struct { xmlGenericErrorFunc function; void *context; } cxml_generic_handler;

static inline cxml_generic_handler cxml_silence_generic_errors(void) {
    cxml_generic_handler previous = { xmlGenericError, xmlGenericErrorContext };
    xmlSetGenericErrorFunc(NULL, cxml_ignore_generic_error);
    return previous;
}

static inline void cxml_restore_generic_errors(cxml_generic_handler previous) {
    xmlSetGenericErrorFunc(previous.context, previous.function);
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
