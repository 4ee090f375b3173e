#ifndef LAZY_CURL_H
#define LAZY_CURL_H

#include <stddef.h>

/// Starts the network thread, once, which loads libcurl from `path` (NULL: "libcurl.so.4") and
/// then drives every transfer; returns at once. A run that is about to send calls it as early as
/// it knows, so that loading libcurl overlaps the run's other work.
void lazy_curl_prepare(const char *path);

/// Why no request can be sent (libcurl could not be loaded), or NULL when nothing says so.
const char *lazy_curl_failure(void);

/// What one GET brought back. `body` and `headers` are set only for a complete answer, each with a
/// NUL after its bytes; the receiver frees both.
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

/// Called once on the network thread when a transfer ends, with libcurl's result code (0 for an
/// answer, whatever its status) and what came back.
typedef void (*lazy_curl_done)(void *context, int code, const struct lazy_curl_answer *answer);

/// A switch another thread throws to end a transfer at once: the network thread takes it out,
/// libcurl closes its connection, and it ends with CURLE_ABORTED_BY_CALLBACK (42).
struct lazy_curl_switch;
struct lazy_curl_switch *lazy_curl_switch_new(void);
void lazy_curl_switch_throw(struct lazy_curl_switch *abort);
/// Only once the transfer that had it has ended.
void lazy_curl_switch_free(struct lazy_curl_switch *abort);

/// Hands one GET of `url` with the given "Name: value" lines to the network thread (started, with
/// libcurl from `path`, if it is not yet), following no redirect; `done` is called with its end.
/// Never waits, not even for libcurl to load: every argument is copied. Refuses a body past
/// `maximum_bytes` (declared or decompressed) and stops after `timeout_milliseconds`. Trusts the
/// certificates in `certificate_file` and `certificate_folder` (CURLOPT_CAINFO and CURLOPT_CAPATH)
/// when given, libcurl's own otherwise. Returns 0 once the transfer is handed over, or libcurl's
/// code for why it could not be (then `done` is never called). CURLE_FAILED_INIT (2), here or in
/// `done`, means that libcurl could not be loaded (`lazy_curl_failure` says why) or no thread made.
int lazy_curl_start(const char *path, const char *url, const char *const *header_lines, int header_count, size_t maximum_bytes,
                    long timeout_milliseconds, const char *certificate_file, const char *certificate_folder,
                    const struct lazy_curl_switch *abort, lazy_curl_done done, void *context);

#endif
