// The floor under a native CUDA graph's call: the same kernel launches,
// from the same cubins, with the same grids and scalar arguments, issued
// back to back through the driver API with no wrapper logic (buffers
// allocated once, before timing). Reads a plan that bench/torch/native_check.py
// writes from an imported graph (one line each):
//   kernel <cubin path> <entry> <num_warps> <shared bytes>
//   launch <kernel #> <gx> <gy> <gz> <n args> then per argument one of
//          p <bytes> (a device buffer) | i <int32> | l <int64> | f <float> | d <double>
// and prints {"floor_us": host µs per call (best of 5 rounds)}.
//
//   cc -O2 -o launch_floor launch_floor.c -ldl && ./launch_floor plan.txt
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef void *CUmodule, *CUfunction, *CUcontext, *CUstream;
typedef unsigned long long CUdeviceptr;

static CUresult (*cuInit)(unsigned);
static CUresult (*cuDeviceGet)(int *, int);
static CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, int);
static CUresult (*cuCtxSetCurrent)(CUcontext);
static CUresult (*cuModuleLoad)(CUmodule *, const char *);
static CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
static CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
static CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
static CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                  CUstream, void **, void **);
static CUresult (*cuCtxSynchronize)(void);

#define CHECK(call)                                                   \
  do {                                                                \
    CUresult r_ = (call);                                             \
    if (r_) {                                                         \
      fprintf(stderr, "%s failed: %d (line %d)\n", #call, r_, __LINE__); \
      return 1;                                                       \
    }                                                                 \
  } while (0)

enum { MAX_KERNELS = 256, MAX_LAUNCHES = 1024, MAX_ARGS = 64 };

struct kernel { CUfunction function; int threads, shared; };
struct launch {
  int kernel, n;
  unsigned grid[3];
  uint64_t cells[MAX_ARGS];
  void *args[MAX_ARGS];
};

static struct kernel kernels[MAX_KERNELS];
static struct launch launches[MAX_LAUNCHES];

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s plan.txt\n", argv[0]);
    return 1;
  }
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW);
  if (!cuda) {
    fprintf(stderr, "cannot load libcuda.so.1: %s\n", dlerror());
    return 1;
  }
#define LOAD(name, symbol) *(void **)(&name) = dlsym(cuda, symbol)
  LOAD(cuInit, "cuInit");
  LOAD(cuDeviceGet, "cuDeviceGet");
  LOAD(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  LOAD(cuCtxSetCurrent, "cuCtxSetCurrent");
  LOAD(cuModuleLoad, "cuModuleLoad");
  LOAD(cuModuleGetFunction, "cuModuleGetFunction");
  LOAD(cuFuncSetAttribute, "cuFuncSetAttribute");
  LOAD(cuMemAlloc, "cuMemAlloc_v2");
  LOAD(cuLaunchKernel, "cuLaunchKernel");
  LOAD(cuCtxSynchronize, "cuCtxSynchronize");
  int device;
  CUcontext context;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));

  FILE *plan = fopen(argv[1], "r");
  if (!plan) {
    perror(argv[1]);
    return 1;
  }
  int n_kernels = 0, n_launches = 0;
  char word[16];
  while (fscanf(plan, "%15s", word) == 1) {
    if (!strcmp(word, "kernel")) {
      char path[4096], entry[512];
      int warps, shared;
      if (n_kernels == MAX_KERNELS || fscanf(plan, "%4095s %511s %d %d", path, entry, &warps, &shared) != 4) return 1;
      CUmodule module;
      CHECK(cuModuleLoad(&module, path));
      struct kernel *k = &kernels[n_kernels++];
      CHECK(cuModuleGetFunction(&k->function, module, entry));
      // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, as Triton's launcher sets it.
      if (shared > 49152) CHECK(cuFuncSetAttribute(k->function, 8, shared));
      k->threads = 32 * warps;
      k->shared = shared;
    } else if (!strcmp(word, "launch")) {
      struct launch *l = &launches[n_launches];
      if (n_launches == MAX_LAUNCHES ||
          fscanf(plan, "%d %u %u %u %d", &l->kernel, &l->grid[0], &l->grid[1], &l->grid[2], &l->n) != 5 ||
          l->kernel < 0 || l->kernel >= n_kernels || l->n < 0 || l->n > MAX_ARGS)
        return 1;
      for (int a = 0; a < l->n; ++a) {
        char kind[4];
        if (fscanf(plan, "%3s", kind) != 1) return 1;
        uint64_t *cell = &l->cells[a];
        if (kind[0] == 'p') {
          unsigned long long bytes;
          CUdeviceptr ptr;
          if (fscanf(plan, "%llu", &bytes) != 1) return 1;
          CHECK(cuMemAlloc(&ptr, bytes ? bytes : 1));
          *cell = ptr;
        } else if (kind[0] == 'i') {
          int32_t v;
          if (fscanf(plan, "%d", &v) != 1) return 1;
          memcpy(cell, &v, sizeof v);
        } else if (kind[0] == 'l') {
          long long v;
          if (fscanf(plan, "%lld", &v) != 1) return 1;
          memcpy(cell, &v, sizeof v);
        } else if (kind[0] == 'f') {
          float v;
          if (fscanf(plan, "%f", &v) != 1) return 1;
          memcpy(cell, &v, sizeof v);
        } else if (kind[0] == 'd') {
          double v;
          if (fscanf(plan, "%lf", &v) != 1) return 1;
          memcpy(cell, &v, sizeof v);
        } else {
          return 1;
        }
        l->args[a] = cell;
      }
      n_launches++;
    } else {
      fprintf(stderr, "unknown plan line '%s'\n", word);
      return 1;
    }
  }
  const int iters = 2000;
  double best = 1e30;
  for (int round = 0; round < 6; ++round) {
    double t0 = now_us();
    for (int i = 0; i < iters; ++i)
      for (int j = 0; j < n_launches; ++j) {
        struct launch *l = &launches[j];
        struct kernel *k = &kernels[l->kernel];
        if (!l->grid[0] || !l->grid[1] || !l->grid[2]) continue;
        CHECK(cuLaunchKernel(k->function, l->grid[0], l->grid[1], l->grid[2], k->threads, 1, 1, k->shared, 0, l->args,
                             0));
      }
    double us = (now_us() - t0) / iters;
    CHECK(cuCtxSynchronize());
    if (round > 0 && us < best) best = us;  // round 0 warms up
  }
  printf("{\"floor_us\": %.3f, \"launches\": %d}\n", best, n_launches);
  return 0;
}
