#ifndef LAZY_CURL_H
#define LAZY_CURL_H

/// Loads libcurl from `path` (NULL: "libcurl.so.4") the first time it is called, resolves the
/// functions `lazy_curl_get` calls and initialises libcurl. Returns NULL once libcurl is ready,
/// or a sentence saying why it is not; the first call decides, later calls give the same answer
/// (waiting, if another thread's load is under way, until it ends).
const char *lazy_curl_load(const char *path);

#include <stddef.h>

struct lazy_curl_switch;

/// What one GET brought back. `body` and `headers` are set only for a complete answer, each with a
/// NUL after its bytes; the caller frees both.
struct lazy_curl_answer {
    long status;
    char *body;
    size_t body_length;
    /// The last response's header lines, status line first, as they came.
    char *headers;
    size_t headers_length;
    /// The body passed `maximum_bytes`, as declared or as it arrived.
    int body_too_large;
    /// The headers passed 64 KiB, or one line passed libcurl's own limit: a malformed answer.
    int headers_too_large;
    /// A failed request's libcurl said the certificate is for another host name.
    int certificate_for_another_name;
    /// A failed request's OpenSSL certificate verification result (X509_V_ERR_…), 0 when none
    /// was told or the TLS library is not OpenSSL.
    long openssl_verify_result;
};

/// Sends one GET to `url` with the given "Name: value" lines, following no redirect, and waits for
/// the answer. Refuses a body past `maximum_bytes` (declared or decompressed) and stops after
/// `timeout_milliseconds`. Trusts the certificates in `certificate_file` and `certificate_folder`
/// (CURLOPT_CAINFO and CURLOPT_CAPATH) when given, libcurl's own otherwise. Returns libcurl's
/// result code: 0 for an answer, whatever its status. Call only once `lazy_curl_load` has returned NULL.
int lazy_curl_get(const char *url, const char *const *header_lines, int header_count, size_t maximum_bytes,
                  long timeout_milliseconds, const char *certificate_file, const char *certificate_folder,
                  const struct lazy_curl_switch *abort, struct lazy_curl_answer *answer);

/// A switch another thread throws to end a transfer at once (`lazy_curl_get` then returns
/// CURLE_ABORTED_BY_CALLBACK, 42, and libcurl closes the connection rather than keep it).
struct lazy_curl_switch;
struct lazy_curl_switch *lazy_curl_switch_new(void);
void lazy_curl_switch_throw(struct lazy_curl_switch *abort);
void lazy_curl_switch_free(struct lazy_curl_switch *abort);

#endif
