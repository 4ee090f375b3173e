// libcurl, loaded on the first request instead of at start-up.
//
// FoundationNetworking (URLSession on Linux) is built on libcurl, and the executable's requests go
// through libcurl too (CurlGet.c). Linked normally, libcurl and the thirty-odd libraries it needs
// (TLS, LDAP, Kerberos…) are mapped and relocated before `main` on every run, although a run
// answered from the cache never touches the network: more than half of such a run's time and a
// third of its memory. So the package tells the compiler not to link libcurl
// (`-disable-autolink-library curl` in Package.swift) and defines here, under libcurl's own names,
// the 23 functions FoundationNetworking calls and the two more CurlGet.c needs. Each forwards to
// the real one, which `lazy_curl_load` finds with dlopen/dlsym. The executable calls
// `lazy_curl_load` before its first request, so a missing libcurl is a clear error (exit 69) and
// never a crash here.
//
// In a build that links FoundationNetworking dynamically, libFoundationNetworking.so still needs
// libcurl itself and calls it directly: these definitions are hidden, so they serve CurlGet.c and a static
// FoundationNetworking. The file is for glibc Linux; elsewhere it is empty and libcurl is linked.
//
// The types are libcurl's ABI, written out so that no libcurl headers are needed to build: handles
// are pointers, its enums are ints. Three functions are variadic and take exactly one argument
// after the option: a long, a curl_off_t, or a pointer (data or function). On the LP64 platforms
// Swift supports on Linux all three are one 64-bit integer-class value, passed alike, so it is read
// and passed on as a pointer-sized value.

#include "LazyCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__linux__) && defined(__GLIBC__) // (which <stdio.h> defines)

_Static_assert(sizeof(long) == sizeof(void *) && sizeof(long long) == sizeof(void *), "LP64 only");

#define LAZY_CURL_FUNCTIONS(X) \
    X(curl_easy_cleanup) X(curl_easy_getinfo) X(curl_easy_init) X(curl_easy_pause) X(curl_easy_perform) \
    X(curl_easy_reset) X(curl_easy_setopt) \
    X(curl_easy_strerror) X(curl_free) X(curl_global_init) X(curl_multi_add_handle) X(curl_multi_assign) \
    X(curl_multi_cleanup) X(curl_multi_info_read) X(curl_multi_init) X(curl_multi_remove_handle) \
    X(curl_multi_setopt) X(curl_multi_socket_action) X(curl_slist_append) X(curl_slist_free_all) X(curl_url) \
    X(curl_url_get) X(curl_url_set) X(curl_version) X(curl_version_info)

#define AS_INDEX(name) index_##name,
enum { LAZY_CURL_FUNCTIONS(AS_INDEX) function_count };
#define AS_NAME(name) #name,
static const char *const names[function_count] = { LAZY_CURL_FUNCTIONS(AS_NAME) };

static void *functions[function_count];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int state; // 0 not tried, 1 loaded, 2 failed
static char failure[4200];

const char *lazy_curl_load(const char *path) {
    if (atomic_load_explicit(&state, memory_order_acquire) == 1) return NULL;
    pthread_mutex_lock(&lock);
    if (atomic_load_explicit(&state, memory_order_relaxed) == 0) {
        const char *file = path ? path : "libcurl.so.4";
        // Lazy binding, as the loader does for a library linked the usual way.
        void *library = dlopen(file, RTLD_LAZY | RTLD_LOCAL);
        const char *missing = NULL;
        for (int index = 0; library && index < function_count && !missing; index++) {
            functions[index] = dlsym(library, names[index]);
            if (!functions[index]) missing = names[index];
        }
        // libcurl is initialised once, here under the lock, before any thread makes a handle: a
        // handle made first would initialise it on the side, which is not safe from two threads
        // at once. FoundationNetworking's own call, where URLSession is used, only counts one more
        // user. CURL_GLOBAL_SSL: 1, as FoundationNetworking asks.
        int initialized = library && !missing ? ((int (*)(long))functions[index_curl_global_init])(1) : -1;
        if (!library) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "cannot load libcurl: %s", reason ? reason : file);
        } else if (missing) {
            snprintf(failure, sizeof failure, "%s has no function %s; libcurl 7.62 or later is needed", file, missing);
            dlclose(library);
        } else if (initialized != 0) {
            snprintf(failure, sizeof failure, "libcurl could not initialise (curl_global_init error %d)", initialized);
        }
        atomic_store_explicit(&state, library && !missing && initialized == 0 ? 1 : 2, memory_order_release);
    }
    const char *result = atomic_load_explicit(&state, memory_order_relaxed) == 1 ? NULL : failure;
    pthread_mutex_unlock(&lock);
    return result;
}

/// The real function. The executable loads libcurl before its first request, so reaching here
/// without it is a bug in boxoffice: say so and stop rather than jump to nothing.
static void *real(int index) {
    if (atomic_load_explicit(&state, memory_order_acquire) != 1) {
        static const char message[] = "Error: Internal error (libcurl was called before it was loaded). Please report it.\n";
        (void)!write(2, message, sizeof message - 1);
        _exit(70);
    }
    return functions[index];
}

// The definitions stay inside the binary: exported, they would also catch libcurl's calls to its
// own functions (and, where FoundationNetworking is a shared library, its calls too).
#pragma GCC visibility push(hidden)

typedef void *handle;

void curl_easy_cleanup(handle easy) { ((void (*)(handle))real(index_curl_easy_cleanup))(easy); }
handle curl_easy_init(void) { return ((handle (*)(void))real(index_curl_easy_init))(); }
int curl_easy_pause(handle easy, int mask) { return ((int (*)(handle, int))real(index_curl_easy_pause))(easy, mask); }
int curl_easy_perform(handle easy) { return ((int (*)(handle))real(index_curl_easy_perform))(easy); }
void curl_easy_reset(handle easy) { ((void (*)(handle))real(index_curl_easy_reset))(easy); }
const char *curl_easy_strerror(int code) { return ((const char *(*)(int))real(index_curl_easy_strerror))(code); }
void curl_free(void *pointer) { ((void (*)(void *))real(index_curl_free))(pointer); }
int curl_global_init(long flags) { return ((int (*)(long))real(index_curl_global_init))(flags); }
int curl_multi_add_handle(handle multi, handle easy) { return ((int (*)(handle, handle))real(index_curl_multi_add_handle))(multi, easy); }
int curl_multi_assign(handle multi, int socket, void *pointer) { return ((int (*)(handle, int, void *))real(index_curl_multi_assign))(multi, socket, pointer); }
int curl_multi_cleanup(handle multi) { return ((int (*)(handle))real(index_curl_multi_cleanup))(multi); }
void *curl_multi_info_read(handle multi, int *left) { return ((void *(*)(handle, int *))real(index_curl_multi_info_read))(multi, left); }
handle curl_multi_init(void) { return ((handle (*)(void))real(index_curl_multi_init))(); }
int curl_multi_remove_handle(handle multi, handle easy) { return ((int (*)(handle, handle))real(index_curl_multi_remove_handle))(multi, easy); }
int curl_multi_socket_action(handle multi, int socket, int mask, int *running) {
    return ((int (*)(handle, int, int, int *))real(index_curl_multi_socket_action))(multi, socket, mask, running);
}
void *curl_slist_append(void *list, const char *text) { return ((void *(*)(void *, const char *))real(index_curl_slist_append))(list, text); }
void curl_slist_free_all(void *list) { ((void (*)(void *))real(index_curl_slist_free_all))(list); }
handle curl_url(void) { return ((handle (*)(void))real(index_curl_url))(); }
int curl_url_get(handle url, int part, char **text, unsigned flags) {
    return ((int (*)(handle, int, char **, unsigned))real(index_curl_url_get))(url, part, text, flags);
}
int curl_url_set(handle url, int part, const char *text, unsigned flags) {
    return ((int (*)(handle, int, const char *, unsigned))real(index_curl_url_set))(url, part, text, flags);
}
char *curl_version(void) { return ((char *(*)(void))real(index_curl_version))(); }
void *curl_version_info(int age) { return ((void *(*)(int))real(index_curl_version_info))(age); }

// The variadic three: one value after the option, passed on as it came (see the top).
#define FORWARD_ONE_VALUE(name, option)                                                        \
    va_list values;                                                                             \
    va_start(values, option);                                                                   \
    void *value = va_arg(values, void *);                                                       \
    va_end(values);                                                                             \
    return ((int (*)(handle, int, ...))real(index_##name))(target, option, value);

int curl_easy_setopt(handle target, int option, ...) { FORWARD_ONE_VALUE(curl_easy_setopt, option) }
int curl_easy_getinfo(handle target, int info, ...) { FORWARD_ONE_VALUE(curl_easy_getinfo, info) }
int curl_multi_setopt(handle target, int option, ...) { FORWARD_ONE_VALUE(curl_multi_setopt, option) }

#pragma GCC visibility pop
#endif
