// FrontEndABI is a header-only contract; SwiftPM needs one source file to build the C target.
#include "materunner_frontend.h"
