// One HTTP GET through libcurl's easy interface: what the executable's transport sends on Linux.
//
// URLSession on Linux drives the same libcurl through its multi interface, its dispatch queues and
// its delegate queue, and configuring a session reads the shared cookie store and URL cache (and
// creates their folders in the user's home). A run makes one request or a range of them, so a
// blocking GET per request, each on a thread of the caller's, does the same work in a quarter of
// the time. Everything that decides (which redirect to follow, what an error means) stays in Swift;
// this file only moves bytes, and refuses:
// - any protocol but http and https, and redirects (libcurl follows none: the caller decides);
// - a body past the caller's limit, declared (Content-Length) or counted as it arrives after
//   decompression, and headers past a fixed limit;
// - signals: libcurl must not use SIGALRM for its timeouts in a threaded program.
// Nothing libcurl writes in words is kept: its error text can carry the URL, and with it a key.
//
// Easy handles are kept for the next request, so that a range reuses its connections as URLSession
// did. The options are libcurl's documented numbers; see LazyCurl.c for the ABI notes.

#include "LazyCurl.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__) && defined(__GLIBC__)

typedef void *handle;
// libcurl's functions, defined in LazyCurl.c.
handle curl_easy_init(void);
void curl_easy_cleanup(handle);
void curl_easy_reset(handle);
int curl_easy_perform(handle);
int curl_easy_setopt(handle, int, ...);
int curl_easy_getinfo(handle, int, ...);
void *curl_slist_append(void *, const char *);
void curl_slist_free_all(void *);

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029,
    OPT_ACCEPT_ENCODING = 10102, OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079,
    OPT_FOLLOWLOCATION = 52, OPT_HTTPGET = 80, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155,
    OPT_PROTOCOLS = 181, OPT_MAXFILESIZE_LARGE = 30117,
    INFO_RESPONSE_CODE = 0x200002,
    PROTOCOL_HTTP = 1, PROTOCOL_HTTPS = 2,
    CODE_OUT_OF_MEMORY = 27, CODE_FILESIZE_EXCEEDED = 63,
};

/// Headers past this are no answer of an API or an image host.
static const size_t header_limit = 256 * 1024;

struct growing {
    char *bytes;
    size_t length, capacity, limit;
    int overflowed;
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
        curl_easy_reset(easy); // keeps the handle's open connections
        return easy;
    }
    return curl_easy_init();
}

static void return_handle(handle easy) {
    pthread_mutex_lock(&pool_lock);
    int kept = pooled < (int)(sizeof pool / sizeof pool[0]);
    if (kept) pool[pooled++] = easy;
    pthread_mutex_unlock(&pool_lock);
    if (!kept) curl_easy_cleanup(easy);
}

int lazy_curl_get(const char *url, const char *const *header_lines, int header_count, size_t maximum_bytes,
                  long timeout_milliseconds, struct lazy_curl_answer *answer) {
    memset(answer, 0, sizeof *answer);
    handle easy = take_handle();
    if (!easy) return CODE_OUT_OF_MEMORY;
    void *list = NULL;
    for (int index = 0; index < header_count; index++) {
        void *longer = curl_slist_append(list, header_lines[index]);
        if (!longer) {
            curl_slist_free_all(list);
            return_handle(easy);
            return CODE_OUT_OF_MEMORY;
        }
        list = longer;
    }
    struct growing body = { .limit = maximum_bytes }, headers = { .limit = header_limit };
    curl_easy_setopt(easy, OPT_URL, url);
    curl_easy_setopt(easy, OPT_HTTPGET, 1L);
    curl_easy_setopt(easy, OPT_HTTPHEADER, list);
    curl_easy_setopt(easy, OPT_PROTOCOLS, (long)(PROTOCOL_HTTP | PROTOCOL_HTTPS));
    curl_easy_setopt(easy, OPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(easy, OPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, OPT_TIMEOUT_MS, timeout_milliseconds);
    curl_easy_setopt(easy, OPT_MAXFILESIZE_LARGE, (long long)maximum_bytes);
    curl_easy_setopt(easy, OPT_ACCEPT_ENCODING, ""); // every encoding this libcurl can decode
    curl_easy_setopt(easy, OPT_WRITEFUNCTION, take_body);
    curl_easy_setopt(easy, OPT_WRITEDATA, &body);
    curl_easy_setopt(easy, OPT_HEADERFUNCTION, take_header);
    curl_easy_setopt(easy, OPT_HEADERDATA, &headers);
    int code = curl_easy_perform(easy);
    long status = 0;
    curl_easy_getinfo(easy, INFO_RESPONSE_CODE, &status);
    curl_easy_setopt(easy, OPT_HTTPHEADER, NULL);
    curl_slist_free_all(list);
    return_handle(easy);
    answer->status = status;
    // Past the limit as declared (libcurl's own check) or as counted.
    answer->body_too_large = body.overflowed || code == CODE_FILESIZE_EXCEEDED;
    answer->headers_too_large = headers.overflowed;
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
