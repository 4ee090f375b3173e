#ifndef LAZY_CURL_H
#define LAZY_CURL_H

/// Loads libcurl from `path` (NULL: "libcurl.so.4") the first time it is called, and resolves
/// every function FoundationNetworking calls. Returns NULL once libcurl is ready, or a sentence
/// saying why it is not; the first call decides, later calls give the same answer.
const char *lazy_curl_load(const char *path);

#endif
