/* Loads PTX that wrapc generated from an MLIR kernel and runs it through the
 * CUDA driver API: out[i] = 2 * x[i] over n elements, one program (one
 * thread) per 128-element block, as the kernel's host payload defines it.
 * usage: ptx_launch KERNEL.ptx ENTRY */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CK(call)                                                        \
  do {                                                                  \
    CUresult r_ = (call);                                               \
    if (r_ != CUDA_SUCCESS) {                                           \
      const char *name_;                                                \
      cuGetErrorName(r_, &name_);                                       \
      printf("FAILED %s: %s\n", #call, name_);                          \
      return 1;                                                         \
    }                                                                   \
  } while (0)

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    printf("usage: %s KERNEL.ptx ENTRY\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    printf("cannot open %s\n", argv[1]);
    return 1;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *ptx = calloc(size + 1, 1);
  if (fread(ptx, 1, size, f) != (size_t)size)
    return 1;
  fclose(f);

  CUdevice dev;
  CUcontext ctx;
  CK(cuInit(0));
  CK(cuDeviceGet(&dev, 0));
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  char device_name[128];
  CK(cuDeviceGetName(device_name, sizeof device_name, dev));

  CUmodule module;
  CUfunction kernel;
  double t0 = now_ms();
  CK(cuModuleLoadData(&module, ptx));
  double load_ms = now_ms() - t0;
  CK(cuModuleGetFunction(&kernel, module, argv[2]));

  const long n = 1L << 20, block = 128;
  float *host = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i)
    host[i] = (float)i;
  CUdeviceptr x, out;
  CK(cuMemAlloc(&x, n * sizeof(float)));
  CK(cuMemAlloc(&out, n * sizeof(float)));
  CK(cuMemcpyHtoD(x, host, n * sizeof(float)));
  CK(cuMemsetD32(out, 0, n));

  long long count = n;
  void *params[] = {&x, &out, &count};
  unsigned grid = (unsigned)((n + block - 1) / block);
  CK(cuLaunchKernel(kernel, grid, 1, 1, 1, 1, 1, 0, 0, params, NULL));
  CK(cuCtxSynchronize());
  const int reps = 20;
  t0 = now_ms();
  for (int r = 0; r < reps; ++r)
    CK(cuLaunchKernel(kernel, grid, 1, 1, 1, 1, 1, 0, 0, params, NULL));
  CK(cuCtxSynchronize());
  double kernel_us = (now_ms() - t0) * 1e3 / reps;

  CK(cuMemcpyDtoH(host, out, n * sizeof(float)));
  long bad = 0;
  for (long i = 0; i < n; ++i)
    if (host[i] != 2.0f * (float)i)
      ++bad;
  printf("device: %s\n", device_name);
  printf("entry: %s, n = %ld, grid = %u programs\n", argv[2], n, grid);
  printf("PTX JIT load (cuModuleLoadData): %.2f ms\n", load_ms);
  printf("kernel time (mean of %d): %.1f us\n", reps, kernel_us);
  printf("result: %s (%ld wrong of %ld)\n", bad ? "WRONG" : "correct", bad, n);
  return bad != 0;
}
