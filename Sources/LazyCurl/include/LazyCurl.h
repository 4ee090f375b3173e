#ifndef LAZY_CURL_H
#define LAZY_CURL_H

/// Loads libcurl from `path` (NULL: "libcurl.so.4") the first time it is called, resolves every
/// function FoundationNetworking calls and initialises libcurl. Returns NULL once libcurl is ready,
/// or a sentence saying why it is not; the first call decides, later calls give the same answer
/// (waiting, if a load is under way, until it ends).
const char *lazy_curl_load(const char *path);

/// Starts `lazy_curl_load(path)` on a thread of its own and returns at once, so that the load
/// overlaps whatever the caller does before it needs libcurl. Only the first call starts one.
void lazy_curl_start_loading(const char *path);

#endif
