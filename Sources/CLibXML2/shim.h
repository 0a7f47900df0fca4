// libxml2's encoding.h brings in the system's ICU headers, which clash with the ICU inside
// Foundation. Only libxml2's encoding API (which Waymark does not call) needs them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
