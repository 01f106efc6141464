/* Two builds of one compiled wrapper, timed side by side in one process:
 * alternating batches of 20,000 calls (each call's outputs released as a
 * caller does), the fastest batch of each out of 200 (the machine's quiet
 * moments: on a shared 2-core VM one build's median moves by 2x within
 * minutes, its fastest batch by a few percent).
 *
 *   target/release/wrapc-dev bench --case 5,3,20 --write-case > /tmp/case.mlir
 *   WRAPC_RUNTIME_LIB=old/libwrapc_runtime.a wrapc compile /tmp/case.mlir -O3 -o /tmp/a.so
 *   WRAPC_RUNTIME_LIB=new/libwrapc_runtime.a wrapc compile /tmp/case.mlir -O3 -o /tmp/b.so
 *   cc -O2 -Iruntime/include bench/wrapper_ab.c -o /tmp/wrapper_ab -ldl
 *   /tmp/wrapper_ab /tmp/a.so /tmp/b.so 20 6     # arguments, outputs (A + 1)
 *
 * Each build is a shared object with its own copy of the runtime, loaded
 * RTLD_LOCAL: its inputs are made, and its outputs released, by its own.
 */
#include "wrapc_runtime.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef int32_t (*entry_t)(wrt_tensor *const *, size_t, wrt_tensor **, size_t);

enum { MAX_ARGS = 256, MAX_OUTPUTS = 257, BATCH = 20000, BATCHES = 200 };

typedef struct {
  entry_t f;
  void (*release)(wrt_tensor *);
  const char *(*last_error)(void);
  wrt_tensor *inputs[MAX_ARGS];
} build;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static void *symbol(void *library, const char *name) {
  void *s = dlsym(library, name);
  if (!s) {
    fprintf(stderr, "missing symbol %s\n", name);
    exit(1);
  }
  return s;
}

static void load(build *b, const char *path, int nargs) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "%s\n", dlerror());
    exit(1);
  }
  b->f = (entry_t)symbol(library, "f");
  b->release = (void (*)(wrt_tensor *))symbol(library, "wrt_tensor_release");
  b->last_error = (const char *(*)(void))symbol(library, "wrt_last_error");
  int32_t (*from_f64)(int32_t, size_t, const int64_t *, const double *, size_t, wrt_tensor **) =
      symbol(library, "wrt_from_f64");
  int64_t sizes[] = {4};
  double values[4] = {0};
  for (int i = 0; i < nargs; i++)
    if (from_f64(WRT_F32, 1, sizes, values, 4, &b->inputs[i]) != WRT_OK) {
      fprintf(stderr, "%s: making input %d failed\n", path, i);
      exit(1);
    }
}

static double batch(build *b, int nargs, int nout) {
  wrt_tensor *outputs[MAX_OUTPUTS];
  double start = now_ns();
  for (int i = 0; i < BATCH; i++) {
    if (b->f(b->inputs, nargs, outputs, nout) != WRT_OK) {
      fprintf(stderr, "the wrapper failed: %s\n", b->last_error());
      exit(1);
    }
    for (int o = 0; o < nout; o++) b->release(outputs[o]);
  }
  return (now_ns() - start) / BATCH;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s A.so B.so ARGUMENTS OUTPUTS\n", argv[0]);
    return 1;
  }
  int nargs = atoi(argv[3]), nout = atoi(argv[4]);
  if (nargs < 1 || nargs > MAX_ARGS || nout < 1 || nout > MAX_OUTPUTS) {
    fprintf(stderr, "ARGUMENTS must be 1 to %d and OUTPUTS 1 to %d\n", MAX_ARGS, MAX_OUTPUTS);
    return 1;
  }
  build a, b;
  load(&a, argv[1], nargs);
  load(&b, argv[2], nargs);
  double best_a = 1e30, best_b = 1e30;
  for (int round = 0; round < BATCHES; round++) {
    double x = batch(&a, nargs, nout), y = batch(&b, nargs, nout);
    best_a = x < best_a ? x : best_a;
    best_b = y < best_b ? y : best_b;
  }
  printf("A %.1f ns/call  B %.1f ns/call  B/A %.3f  (fastest of %d alternating batches of %d)\n", best_a, best_b,
         best_b / best_a, BATCHES, BATCH);
  return 0;
}
