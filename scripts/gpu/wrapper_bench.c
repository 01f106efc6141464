// GPU check and benchmark of wrappers compiled by wrapc (run on the device
// machine by scripts/gpu-check.sh). For one of seed 000's cases:
//
//   effects  CUDA.so HOST.so NARGS NOUT CALLS
//       calls both builds CALLS times on the same inputs (CUDA tensors for
//       the first, host tensors for the second) and prints what a caller
//       sees — output and input values, sizes, strides, offsets, versions,
//       which tensors share storage — one line per tensor, prefixed by the
//       build, so the two can be compared line by line.
//   host     HOST.so NARGS NOUT
//       the per-call time of a host-backend build: the wrapper's own cost
//       on this CPU, without any GPU work.
//   threads  CUDA.so NARGS NOUT THREADS
//       the first call from THREADS threads at once (one load, one slot
//       initialization); prints the inputs' values and versions after.
//   bench    CUDA.so PTX ENTRY NARGS NOUT
//       first-call time (load, PTX JIT or cubin cache, launch), then the
//       per-call host time of the compiled wrapper and of a bare
//       cuLaunchKernel of the same kernel with the same arguments, measured
//       the same way as ../shared/anchors/launch_floor.cu (back-to-back
//       asynchronous calls, one synchronize, best of 5), as JSON lines.
#ifndef WRAPC_NO_CUDA
#include <cuda.h>
#endif
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../runtime/include/wrapc_runtime.h"

#define ELEMENTS 16

typedef int32_t (*entry_fn)(wrt_tensor *const *, size_t, wrt_tensor **, size_t);

typedef struct {
  void *library;
  entry_fn f;
  int32_t (*from_f64)(int32_t, size_t, const int64_t *, const double *, size_t, wrt_tensor **);
  int32_t (*to_device)(const wrt_tensor *, int32_t, int32_t, wrt_tensor **);
  void (*release)(wrt_tensor *);
  int32_t (*read_f64)(const wrt_tensor *, double *, size_t);
  int64_t (*version)(const wrt_tensor *);
  int64_t (*storage_id)(const wrt_tensor *);
  int64_t (*rank)(const wrt_tensor *);
  int64_t (*size)(const wrt_tensor *, int64_t);
  int64_t (*stride)(const wrt_tensor *, int64_t);
  int64_t (*offset)(const wrt_tensor *);
  int32_t (*synchronize)(int32_t);
  const char *(*last_error)(void);
} runtime;

static void die(const char *what, const char *detail) {
  fprintf(stderr, "wrapper_bench: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  exit(1);
}

static void *symbol(void *library, const char *name) {
  void *address = dlsym(library, name);
  if (!address) die("missing symbol", name);
  return address;
}

static runtime open_build(const char *path) {
  runtime r;
  r.library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!r.library) die("dlopen", dlerror());
  r.f = (entry_fn)symbol(r.library, "f");
  r.from_f64 = symbol(r.library, "wrt_from_f64");
  r.to_device = symbol(r.library, "wrt_to_device");
  r.release = symbol(r.library, "wrt_tensor_release");
  r.read_f64 = symbol(r.library, "wrt_read_f64");
  r.version = symbol(r.library, "wrt_tensor_version");
  r.storage_id = symbol(r.library, "wrt_tensor_storage_id");
  r.rank = symbol(r.library, "wrt_tensor_rank");
  r.size = symbol(r.library, "wrt_tensor_size");
  r.stride = symbol(r.library, "wrt_tensor_stride");
  r.offset = symbol(r.library, "wrt_tensor_storage_offset");
  r.synchronize = symbol(r.library, "wrt_cuda_synchronize");
  r.last_error = symbol(r.library, "wrt_last_error");
  return r;
}

static void check(runtime *r, int32_t status, const char *what) {
  if (status != 0) die(what, r->last_error());
}

/// Input k holds k + 0.5 * i, shaped [16], or 4 x 4 when $WRAPC_SHAPE is 4x4.
static void make_inputs(runtime *r, int nargs, int on_gpu, wrt_tensor **inputs) {
  const char *shape = getenv("WRAPC_SHAPE");
  int square = shape && !strcmp(shape, "4x4");
  int64_t sizes[2] = {square ? 4 : ELEMENTS, 4};
  for (int k = 0; k < nargs; k++) {
    double values[ELEMENTS];
    for (int i = 0; i < ELEMENTS; i++) values[i] = k + 0.5 * i;
    wrt_tensor *host;
    check(r, r->from_f64(2 /* f32 */, square ? 2 : 1, sizes, values, ELEMENTS, &host), "wrt_from_f64");
    if (on_gpu) {
      check(r, r->to_device(host, 1, 0, &inputs[k]), "wrt_to_device");
      r->release(host);
    } else {
      inputs[k] = host;
    }
  }
}

static void call(runtime *r, wrt_tensor **inputs, int nargs, wrt_tensor **outputs, int nout) {
  check(r, r->f(inputs, nargs, outputs, nout), "the compiled wrapper");
}

/// Canonical storage numbers: first seen, first numbered.
static int storage_number(int64_t id, int64_t *seen, int *count) {
  for (int i = 0; i < *count; i++)
    if (seen[i] == id) return i;
  seen[*count] = id;
  return (*count)++;
}

static void print_tensor(runtime *r, const char *build, const char *kind, int index, wrt_tensor *t, int64_t *seen, int *count) {
  double values[ELEMENTS * 4];
  check(r, r->read_f64(t, values, ELEMENTS * 4), "wrt_read_f64");
  printf("%s %s%d storage#%d sizes=[", build, kind, index, storage_number(r->storage_id(t), seen, count));
  int64_t rank = r->rank(t), numel = 1;
  for (int64_t d = 0; d < rank; d++) {
    printf("%s%lld", d ? "," : "", (long long)r->size(t, d));
    numel *= r->size(t, d);
  }
  printf("] strides=[");
  for (int64_t d = 0; d < rank; d++) printf("%s%lld", d ? "," : "", (long long)r->stride(t, d));
  printf("] offset=%lld version=%lld values=[", (long long)r->offset(t), (long long)r->version(t));
  for (int64_t i = 0; i < numel && i < ELEMENTS * 4; i++) printf("%s%g", i ? " " : "", values[i]);
  printf("]\n");
}

static int effects(const char *cuda_so, const char *host_so, int nargs, int nout, int calls) {
  const char *paths[2] = {cuda_so, host_so};
  const char *builds[2] = {"cuda", "host"};
  for (int b = 0; b < 2; b++) {
    runtime r = open_build(paths[b]);
    wrt_tensor *inputs[64], *outputs[64];
    // $WRAPC_ALL_HOST=1 checks the harness itself on a machine without a GPU.
    make_inputs(&r, nargs, b == 0 && !getenv("WRAPC_ALL_HOST"), inputs);
    for (int c = 0; c < calls; c++) {
      call(&r, inputs, nargs, outputs, nout);
      if (c + 1 < calls)
        for (int o = 0; o < nout; o++) r.release(outputs[o]);
    }
    if (b == 0 && !getenv("WRAPC_ALL_HOST")) check(&r, r.synchronize(0), "wrt_cuda_synchronize");
    int64_t seen[128];
    int count = 0;
    for (int k = 0; k < nargs; k++) print_tensor(&r, builds[b], "in", k, inputs[k], seen, &count);
    for (int o = 0; o < nout; o++) print_tensor(&r, builds[b], "out", o, outputs[o], seen, &count);
  }
  return 0;
}

typedef struct {
  runtime *r;
  wrt_tensor **inputs;
  int nargs, nout;
  pthread_barrier_t *start;
} thread_job;

static void *first_call(void *arg) {
  thread_job *job = arg;
  wrt_tensor *outputs[64];
  pthread_barrier_wait(job->start);
  call(job->r, job->inputs, job->nargs, outputs, job->nout);
  for (int o = 0; o < job->nout; o++) job->r->release(outputs[o]);
  return NULL;
}

static int threads(const char *cuda_so, int nargs, int nout, int count) {
  runtime r = open_build(cuda_so);
  wrt_tensor *inputs[64];
  make_inputs(&r, nargs, 1, inputs);
  pthread_t ids[256];
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, count);
  thread_job job = {&r, inputs, nargs, nout, &start};
  for (int t = 0; t < count; t++) pthread_create(&ids[t], NULL, first_call, &job);
  for (int t = 0; t < count; t++) pthread_join(ids[t], NULL);
  check(&r, r.synchronize(0), "wrt_cuda_synchronize");
  int64_t seen[128];
  int n = 0;
  for (int k = 0; k < nargs; k++) print_tensor(&r, "threads", "in", k, inputs[k], seen, &n);
  return 0;
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

/// What the runtime operations a wrapper makes cost on this CPU.
static void micro(runtime *r, wrt_tensor *base) {
  int32_t (*as_strided)(const wrt_tensor *, size_t, const int64_t *, const int64_t *, int64_t, wrt_tensor **) =
      symbol(r->library, "wrt_as_strided");
  int32_t (*retain)(const wrt_tensor *, wrt_tensor **) = symbol(r->library, "wrt_tensor_retain");
  const int N = 1000000;
  int64_t sizes[1] = {ELEMENTS}, strides[1] = {1};
  double a = now_us();
  for (int i = 0; i < N; i++) {
    wrt_tensor *view;
    as_strided(base, 1, sizes, strides, 0, &view);
    r->release(view);
  }
  printf("{\"what\": \"wrt_as_strided + release\", \"ns\": %.1f}\n", (now_us() - a) * 1e3 / N);
  a = now_us();
  for (int i = 0; i < N; i++) {
    wrt_tensor *same;
    retain(base, &same);
    r->release(same);
  }
  printf("{\"what\": \"wrt_tensor_retain + release\", \"ns\": %.1f}\n", (now_us() - a) * 1e3 / N);
  a = now_us();
  for (int i = 0; i < N; i++) {
    void *volatile p = malloc(448);
    free(p);
  }
  printf("{\"what\": \"malloc(448) + free\", \"ns\": %.1f}\n", (now_us() - a) * 1e3 / N);
}

/// Per-call time of a host-backend build (no GPU work): what the wrapper's
/// own code costs on this CPU.
static int host_cost(const char *host_so, int nargs, int nout) {
  runtime r = open_build(host_so);
  wrt_tensor *inputs[64], *outputs[64];
  make_inputs(&r, nargs, 0, inputs);
  const int N = 100000;
  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) {
    double a = now_us();
    for (int i = 0; i < N; i++) {
      call(&r, inputs, nargs, outputs, nout);
      for (int o = 0; o < nout; o++) r.release(outputs[o]);
    }
    double us = (now_us() - a) / N;
    if (rep > 0 && us < best) best = us;
  }
  printf("{\"what\": \"host-backend build per call (this CPU)\", \"us\": %.3f}\n", best);
  if (getenv("WRAPC_MICRO") && *getenv("WRAPC_MICRO")) micro(&r, inputs[0]);
  return 0;
}

#ifndef WRAPC_NO_CUDA

#define CK(x)                                                   \
  do {                                                          \
    CUresult status_ = (x);                                     \
    if (status_) {                                              \
      const char *name_;                                        \
      cuGetErrorName(status_, &name_);                          \
      die(#x, name_);                                           \
    }                                                           \
  } while (0)

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) die("cannot open", path);
  fseek(file, 0, SEEK_END);
  long length = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc(length + 1);
  if (fread(text, 1, length, file) != (size_t)length) die("cannot read", path);
  text[length] = 0;
  fclose(file);
  return text;
}

typedef struct {
  runtime *r;
  wrt_tensor **inputs, **outputs;
  int nargs, nout;
  CUfunction function;
  CUstream stream;
  void **params;
} bench_state;

static void wrapper_calls(bench_state *b, int n) {
  for (int i = 0; i < n; i++) {
    call(b->r, b->inputs, b->nargs, b->outputs, b->nout);
    for (int o = 0; o < b->nout; o++) b->r->release(b->outputs[o]);
  }
}

static void floor_calls(bench_state *b, int n) {
  for (int i = 0; i < n; i++) CK(cuLaunchKernel(b->function, ELEMENTS, 1, 1, 32, 1, 1, 0, b->stream, b->params, NULL));
}

static void drain(bench_state *b) {
  check(b->r, b->r->synchronize(0), "wrt_cuda_synchronize");
  CK(cuStreamSynchronize(b->stream));
}

/// Sustained rate: N back-to-back calls, one synchronize, best of 5 (as
/// launch_floor.cu and torch_overhead.py measure).
static double sustained(bench_state *b, void (*calls)(bench_state *, int)) {
  const int N = 20000;
  double best = 1e30;
  for (int rep = 0; rep < 5; rep++) {
    double a = now_us();
    calls(b, N);
    double us = (now_us() - a) / N;
    drain(b);
    if (us < best) best = us;
  }
  return best;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/// Host submission cost: batches of 256 calls (below the launch queue's
/// depth, so the GPU never pushes back), the queue drained between
/// batches, wrapper and floor batches alternating; medians per call.
static void interleaved(bench_state *b, double *wrapper, double *floor) {
  enum { BATCHES = 201, B = 256 };
  static double w[BATCHES], f[BATCHES];
  for (int i = 0; i < BATCHES; i++) {
    drain(b);
    double a = now_us();
    wrapper_calls(b, B);
    w[i] = (now_us() - a) / B;
    drain(b);
    a = now_us();
    floor_calls(b, B);
    f[i] = (now_us() - a) / B;
  }
  drain(b);
  qsort(w, BATCHES, sizeof(double), compare_doubles);
  qsort(f, BATCHES, sizeof(double), compare_doubles);
  *wrapper = w[BATCHES / 2];
  *floor = f[BATCHES / 2];
}

static void report(const char *how, double wrapper, double floor) {
  printf("{\"what\": \"%s\", \"wrapper_us\": %.3f, \"floor_us\": %.3f, \"ratio\": %.3f, "
         "\"target_us\": %.3f, \"met\": %s}\n",
         how, wrapper, floor, wrapper / floor, 1.15 * floor + 0.2, wrapper <= 1.15 * floor + 0.2 ? "true" : "false");
}

static int bench(const char *cuda_so, const char *ptx_path, const char *entry, int nargs, int nout) {
  runtime r = open_build(cuda_so);
  wrt_tensor *inputs[64], *outputs[64];
  make_inputs(&r, nargs, 1, inputs);
  check(&r, r.synchronize(0), "wrt_cuda_synchronize");
  double t0 = now_us();
  call(&r, inputs, nargs, outputs, nout);
  check(&r, r.synchronize(0), "wrt_cuda_synchronize");
  double first = now_us() - t0;
  for (int o = 0; o < nout; o++) r.release(outputs[o]);

  // The floor: the same kernel, the same arguments, bare cuLaunchKernel.
  CUcontext context;
  CUdevice device;
  CK(cuDeviceGet(&device, 0));
  CK(cuDevicePrimaryCtxRetain(&context, device));
  CK(cuCtxSetCurrent(context));
  CUmodule module;
  CUfunction function;
  char *ptx = read_file(ptx_path);
  CK(cuModuleLoadData(&module, ptx));
  CK(cuModuleGetFunction(&function, module, entry));
  CUstream stream;
  CK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CUdeviceptr pointers[64], out;
  CK(cuMemAlloc(&out, ELEMENTS * 4));
  void *params[66];
  for (int k = 0; k < nargs; k++) {
    const wrt_tensor_header *h = (const wrt_tensor_header *)inputs[k];
    pointers[k] = (CUdeviceptr)h->data + h->storage_offset * 4;
    params[k] = &pointers[k];
  }
  pointers[nargs] = out;
  params[nargs] = &pointers[nargs];
  int64_t n = ELEMENTS;
  params[nargs + 1] = &n;

  bench_state b = {&r, inputs, outputs, nargs, nout, function, stream, params};
  wrapper_calls(&b, 1000);
  floor_calls(&b, 1000);
  drain(&b);
  printf("{\"what\": \"first call (load + launch)\", \"us\": %.1f}\n", first);
  double wrapper = sustained(&b, wrapper_calls), floor = sustained(&b, floor_calls);
  report("sustained: 20000 back-to-back calls, best of 5", wrapper, floor);
  interleaved(&b, &wrapper, &floor);
  report("host submission: alternating batches of 256, median", wrapper, floor);
  return 0;
}

#endif

int main(int argc, char **argv) {
  if (argc >= 7 && !strcmp(argv[1], "effects")) return effects(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), atoi(argv[6]));
  if (argc >= 5 && !strcmp(argv[1], "host")) return host_cost(argv[2], atoi(argv[3]), atoi(argv[4]));
  if (argc >= 6 && !strcmp(argv[1], "threads")) return threads(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
#ifndef WRAPC_NO_CUDA
  if (argc >= 7 && !strcmp(argv[1], "bench")) return bench(argv[2], argv[3], argv[4], atoi(argv[5]), atoi(argv[6]));
#endif
  fprintf(stderr,
          "usage: wrapper_bench effects CUDA.so HOST.so NARGS NOUT CALLS\n"
          "       wrapper_bench threads CUDA.so NARGS NOUT THREADS\n"
          "       wrapper_bench host HOST.so NARGS NOUT\n"
          "       wrapper_bench bench CUDA.so PTX ENTRY NARGS NOUT\n");
  return 2;
}
