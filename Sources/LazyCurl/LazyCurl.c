// libcurl, loaded on the first request, and one HTTP GET through its easy interface: what the
// executable's transport sends on Linux.
//
// Linked the usual way, libcurl and the thirty-odd libraries it needs (TLS, LDAP, Kerberos…) are
// mapped and relocated before `main` on every run, although a run the cache answers never touches
// the network: more than half of such a run's time and a third of its memory. So the binary does
// not link it; `lazy_curl_load` opens it with dlopen before the first request and finds the eight
// functions used here with dlsym. A libcurl that cannot be loaded is a clear error (exit 69).
//
// URLSession on Linux drives the same libcurl through its multi interface, its dispatch queues and
// its delegate queue, and configuring a session reads the shared cookie store and URL cache (and
// creates their folders in the user's home). A run makes one request or a range of them, so a
// blocking GET per request, each on a thread of the caller's, does the same work in a quarter of
// the time. Everything that decides (which redirect to follow, what an error means) stays in Swift;
// this file only moves bytes, and refuses:
// - any protocol but http and https, and redirects (libcurl follows none: the caller decides);
// - a body past the caller's limit, declared (Content-Length) or counted as it arrives after
//   decompression, and headers past a fixed limit (64 KiB, or a line past libcurl's own);
// - signals: libcurl must not use SIGALRM for its timeouts in a threaded program.
// Nothing libcurl writes in words is kept: its error text can carry the URL, and with it a key.
//
// Easy handles are kept for the next request, so that a range reuses its connections as URLSession
// did. libcurl's ABI is written out so that no libcurl headers are needed to build: handles are
// pointers, its enums and options are the documented numbers, and each option's value is passed as
// the type libcurl reads for it (long, curl_off_t, or a pointer). The file is for Linux; elsewhere
// it is empty. (A fully static musl binary cannot dlopen: there, every request exits 69.)

#include "LazyCurl.h"

#include <stdio.h>

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

typedef void *handle;
typedef int64_t curl_off_t; // 64 bits wherever libcurl is built with large-file support

/// libcurl's functions, once loaded.
static struct {
    int (*global_init)(long flags);
    handle (*easy_init)(void);
    void (*easy_cleanup)(handle);
    void (*easy_reset)(handle);
    int (*easy_perform)(handle);
    int (*easy_setopt)(handle, int option, ...);
    int (*easy_getinfo)(handle, int info, ...);
    void *(*slist_append)(void *list, const char *line);
    void (*slist_free_all)(void *list);
} curl;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int state; // 0 not tried, 1 loaded, 2 failed
static char failure[4200];

/// Finds one function; false, with the reason written, when the library lacks it.
static int find(void *library, const char *file, const char *name, void *slot) {
    void *function = dlsym(library, name);
    if (!function) snprintf(failure, sizeof failure, "%s has no function %s, so it is not libcurl 4", file, name);
    memcpy(slot, &function, sizeof function);
    return function != NULL;
}

const char *lazy_curl_load(const char *path) {
    if (atomic_load_explicit(&state, memory_order_acquire) == 1) return NULL;
    pthread_mutex_lock(&lock);
    if (atomic_load_explicit(&state, memory_order_relaxed) == 0) {
        const char *file = path ? path : "libcurl.so.4";
        // Lazy binding, as the loader does for a library linked the usual way.
        void *library = dlopen(file, RTLD_LAZY | RTLD_LOCAL);
        int found = library != NULL
            && find(library, file, "curl_global_init", &curl.global_init)
            && find(library, file, "curl_easy_init", &curl.easy_init)
            && find(library, file, "curl_easy_cleanup", &curl.easy_cleanup)
            && find(library, file, "curl_easy_reset", &curl.easy_reset)
            && find(library, file, "curl_easy_perform", &curl.easy_perform)
            && find(library, file, "curl_easy_setopt", &curl.easy_setopt)
            && find(library, file, "curl_easy_getinfo", &curl.easy_getinfo)
            && find(library, file, "curl_slist_append", &curl.slist_append)
            && find(library, file, "curl_slist_free_all", &curl.slist_free_all);
        // libcurl is initialised once, here under the lock, before any thread makes a handle: a
        // handle made first would initialise it on the side, which is not safe from two threads
        // at once. CURL_GLOBAL_SSL: 1.
        int initialized = found ? curl.global_init(1) : -1;
        if (!library) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "cannot load libcurl: %s", reason ? reason : file);
        } else if (!found) {
            dlclose(library);
        } else if (initialized != 0) {
            snprintf(failure, sizeof failure, "libcurl could not initialise (curl_global_init error %d)", initialized);
        }
        atomic_store_explicit(&state, found && initialized == 0 ? 1 : 2, memory_order_release);
    }
    const char *result = atomic_load_explicit(&state, memory_order_relaxed) == 1 ? NULL : failure;
    pthread_mutex_unlock(&lock);
    return result;
}

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029,
    OPT_ACCEPT_ENCODING = 10102, OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079,
    OPT_FOLLOWLOCATION = 52, OPT_HTTPGET = 80, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155,
    OPT_PROTOCOLS = 181, OPT_MAXFILESIZE_LARGE = 30117,
    OPT_ERRORBUFFER = 10010, OPT_CAINFO = 10065, OPT_CAPATH = 10097,
    OPT_NOPROGRESS = 43, OPT_XFERINFOFUNCTION = 20219, OPT_XFERINFODATA = 10057,
    OPT_SOCKOPTFUNCTION = 20148, OPT_SOCKOPTDATA = 10149,
    INFO_RESPONSE_CODE = 0x200002, INFO_SSL_VERIFYRESULT = 0x20000D,
    ERROR_SIZE = 256, // CURL_ERROR_SIZE
    PROTOCOL_HTTP = 1, PROTOCOL_HTTPS = 2,
    CODE_FAILED_INIT = 2, CODE_OUT_OF_MEMORY = 27, CODE_ABORTED_BY_CALLBACK = 42, CODE_FILESIZE_EXCEEDED = 63, CODE_TOO_LARGE = 100,
};

/// Headers past this are no answer of an API or an image host.
static const size_t header_limit = 64 * 1024;

struct growing {
    char *bytes;
    size_t length, capacity, limit;
    int overflowed;
    /// For headers: the blank line that ends them has come.
    int ended;
};

/// Appends, doubling the buffer up to the limit; refuses what would pass it.
static int append(struct growing *buffer, const char *bytes, size_t count) {
    if (count > buffer->limit - buffer->length) {
        buffer->overflowed = 1;
        return 0;
    }
    if (buffer->length + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16 * 1024;
        while (capacity < buffer->length + count) capacity *= 2;
        if (capacity > buffer->limit) capacity = buffer->limit;
        char *grown = realloc(buffer->bytes, capacity + 1);
        if (!grown) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, count);
    buffer->length += count;
    buffer->bytes[buffer->length] = 0;
    return 1;
}

static size_t take_body(char *bytes, size_t size, size_t count, void *buffer) {
    return append(buffer, bytes, size * count) ? size * count : 0;
}

/// Keeps the headers of the last response only: a proxy's CONNECT answer or a 100 Continue
/// comes first, each starting with its status line.
static size_t take_header(char *bytes, size_t size, size_t count, void *buffer) {
    struct growing *headers = buffer;
    if (size * count >= 5 && memcmp(bytes, "HTTP/", 5) == 0) headers->length = 0;
    headers->ended = (size * count == 2 && memcmp(bytes, "\r\n", 2) == 0) || (size * count == 1 && bytes[0] == '\n');
    return append(headers, bytes, size * count) ? size * count : 0;
}

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static handle pool[16];
static int pooled;

static handle take_handle(void) {
    pthread_mutex_lock(&pool_lock);
    handle easy = pooled > 0 ? pool[--pooled] : NULL;
    pthread_mutex_unlock(&pool_lock);
    if (easy) {
        curl.easy_reset(easy); // keeps the handle's open connections
        return easy;
    }
    return curl.easy_init();
}

static void return_handle(handle easy) {
    pthread_mutex_lock(&pool_lock);
    int kept = pooled < (int)(sizeof pool / sizeof pool[0]);
    if (kept) pool[pooled++] = easy;
    pthread_mutex_unlock(&pool_lock);
    if (!kept) curl.easy_cleanup(easy);
}

/// What a refused certificate's error text says, without keeping a word of it: the text names the
/// host, and its wording is the TLS library's.
static void read_certificate_refusal(handle easy, const char *error, struct lazy_curl_answer *answer) {
    // Every TLS backend's own check of the name says "… target host name …".
    answer->certificate_for_another_name = strstr(error, "target host name") != NULL;
    // OpenSSL's verification result, which only OpenSSL's words introduce: other backends give
    // numbers of their own here.
    if (strncmp(error, "SSL certificate problem: ", 25) == 0) {
        long result = 0;
        curl.easy_getinfo(easy, INFO_SSL_VERIFYRESULT, &result);
        answer->openssl_verify_result = result;
    }
}

struct lazy_curl_switch {
    atomic_int thrown;
    /// Guards `socket`, which the transfer's thread sets and the thrower shuts down.
    pthread_mutex_t lock;
    /// The socket the transfer talks on while it runs, -1 before and after.
    int socket;
};

struct lazy_curl_switch *lazy_curl_switch_new(void) {
    struct lazy_curl_switch *made = calloc(1, sizeof *made);
    if (!made) return NULL;
    pthread_mutex_init(&made->lock, NULL);
    made->socket = -1;
    return made;
}

/// Throws the switch: the progress callback ends the transfer at its next call, and its socket is
/// shut down now, so a transfer waiting on a silent server wakes at once and the server sees the
/// connection close within moments of the cancel, not at the next progress call.
void lazy_curl_switch_throw(struct lazy_curl_switch *abort) {
    if (!abort) return;
    atomic_store_explicit(&abort->thrown, 1, memory_order_release);
    pthread_mutex_lock(&abort->lock);
    if (abort->socket >= 0) shutdown(abort->socket, SHUT_RDWR);
    pthread_mutex_unlock(&abort->lock);
}

void lazy_curl_switch_free(struct lazy_curl_switch *abort) {
    if (!abort) return;
    pthread_mutex_destroy(&abort->lock);
    free(abort);
}

/// libcurl's socket-options callback, called for each socket a transfer makes, before it
/// connects: the switch learns it (and shuts it down if thrown already).
static int note_socket(void *abort, int socket, int purpose) {
    (void)purpose;
    struct lazy_curl_switch *the_switch = abort;
    if (!the_switch) return 0;
    pthread_mutex_lock(&the_switch->lock);
    the_switch->socket = socket;
    if (atomic_load_explicit(&the_switch->thrown, memory_order_acquire)) shutdown(socket, SHUT_RDWR);
    pthread_mutex_unlock(&the_switch->lock);
    return 0; // CURL_SOCKOPT_OK
}

/// The transfer is over: its socket may be closed and its number reused, so it is forgotten.
static void forget_socket(const struct lazy_curl_switch *abort) {
    struct lazy_curl_switch *the_switch = (struct lazy_curl_switch *)abort;
    if (!the_switch) return;
    pthread_mutex_lock(&the_switch->lock);
    the_switch->socket = -1;
    pthread_mutex_unlock(&the_switch->lock);
}

/// libcurl's progress callback, called often while a transfer runs (and while it waits): a
/// nonzero answer aborts it.
static int check_switch(void *abort, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded) {
    (void)download_total; (void)downloaded; (void)upload_total; (void)uploaded;
    return abort && atomic_load_explicit(&((struct lazy_curl_switch *)abort)->thrown, memory_order_acquire) ? 1 : 0;
}

int lazy_curl_get(const char *url, const char *const *header_lines, int header_count, size_t maximum_bytes,
                  long timeout_milliseconds, const char *certificate_file, const char *certificate_folder,
                  const struct lazy_curl_switch *abort, struct lazy_curl_answer *answer) {
    memset(answer, 0, sizeof *answer);
    // Only after a successful load are the functions there; before it, fail as libcurl would.
    if (atomic_load_explicit(&state, memory_order_acquire) != 1) return CODE_FAILED_INIT;
    handle easy = take_handle();
    if (!easy) return CODE_OUT_OF_MEMORY;
    void *list = NULL;
    for (int index = 0; index < header_count; index++) {
        void *longer = curl.slist_append(list, header_lines[index]);
        if (!longer) {
            curl.slist_free_all(list);
            return_handle(easy);
            return CODE_OUT_OF_MEMORY;
        }
        list = longer;
    }
    struct growing body = { .limit = maximum_bytes }, headers = { .limit = header_limit };
    curl.easy_setopt(easy, OPT_URL, url);
    curl.easy_setopt(easy, OPT_HTTPGET, 1L);
    curl.easy_setopt(easy, OPT_HTTPHEADER, list);
    curl.easy_setopt(easy, OPT_PROTOCOLS, (long)(PROTOCOL_HTTP | PROTOCOL_HTTPS));
    curl.easy_setopt(easy, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, OPT_TIMEOUT_MS, timeout_milliseconds);
    curl.easy_setopt(easy, OPT_MAXFILESIZE_LARGE, (curl_off_t)maximum_bytes);
    curl.easy_setopt(easy, OPT_ACCEPT_ENCODING, ""); // every encoding this libcurl can decode
    curl.easy_setopt(easy, OPT_WRITEFUNCTION, take_body);
    curl.easy_setopt(easy, OPT_WRITEDATA, &body);
    curl.easy_setopt(easy, OPT_HEADERFUNCTION, take_header);
    curl.easy_setopt(easy, OPT_HEADERDATA, &headers);
    // A cancelled request ends at once, its connection closed, not left to finish on its own.
    curl.easy_setopt(easy, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(easy, OPT_XFERINFOFUNCTION, check_switch);
    curl.easy_setopt(easy, OPT_XFERINFODATA, (void *)abort);
    curl.easy_setopt(easy, OPT_SOCKOPTFUNCTION, note_socket);
    curl.easy_setopt(easy, OPT_SOCKOPTDATA, (void *)abort);
    // Trusted certificates where the caller names them, as curl's own SSL_CERT_FILE and friends;
    // otherwise libcurl's built-in bundle.
    if (certificate_file) curl.easy_setopt(easy, OPT_CAINFO, certificate_file);
    if (certificate_folder) curl.easy_setopt(easy, OPT_CAPATH, certificate_folder);
    char error[ERROR_SIZE] = "";
    curl.easy_setopt(easy, OPT_ERRORBUFFER, error);
    int code = curl.easy_perform(easy);
    forget_socket(abort);
    // A transfer that failed after the switch was thrown failed because it was: its socket shut
    // down, its read cut short. It is the cancellation, whatever libcurl named it.
    if (code != 0 && abort && atomic_load_explicit(&((struct lazy_curl_switch *)abort)->thrown, memory_order_acquire)) {
        code = CODE_ABORTED_BY_CALLBACK;
    }
    long status = 0;
    curl.easy_getinfo(easy, INFO_RESPONSE_CODE, &status);
    if (code != 0) read_certificate_refusal(easy, error, answer);
    curl.easy_setopt(easy, OPT_ERRORBUFFER, NULL);
    curl.easy_setopt(easy, OPT_HTTPHEADER, NULL);
    curl.easy_setopt(easy, OPT_NOPROGRESS, 1L);
    curl.easy_setopt(easy, OPT_XFERINFODATA, NULL);
    curl.easy_setopt(easy, OPT_SOCKOPTFUNCTION, NULL);
    curl.easy_setopt(easy, OPT_SOCKOPTDATA, NULL);
    curl.slist_free_all(list);
    return_handle(easy);
    answer->status = status;
    // Past the limit as declared (libcurl's own check) or as counted.
    answer->body_too_large = body.overflowed || code == CODE_FILESIZE_EXCEEDED;
    // libcurl refuses a header line past its own limit (100 KiB) before this file sees it, as
    // out of memory (libcurl 7) or too large (8.6 on): while the headers are still coming, that is
    // no memory shortage but an answer too big to be one.
    answer->headers_too_large = headers.overflowed
        || (!headers.ended && (code == CODE_OUT_OF_MEMORY || code == CODE_TOO_LARGE));
    if (code == 0 && !body.overflowed && !headers.overflowed) {
        answer->body = body.bytes;
        answer->body_length = body.length;
        answer->headers = headers.bytes;
        answer->headers_length = headers.length;
    } else {
        free(body.bytes);
        free(headers.bytes);
    }
    return code;
}

#endif
