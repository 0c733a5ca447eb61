// Types only: the library is opened with dlopen (TextLayout/Libraries.swift), not linked.
#include <harfbuzz/hb.h>
