/* The C ABI under hostile calls, built with AddressSanitizer and
 * UndefinedBehaviorSanitizer by scripts/sanitize.sh: every bad call must come
 * back as an error code (never a crash), and 16 threads calling the
 * wrapper at once must each see exact version counters. */
#include "libdemo.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CALLS 200
#define THREADS 16

static int failures = 0;

static void expect(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "abi_stress: FAILED: %s (last error: %s)\n", what, wrt_last_error());
    __atomic_add_fetch(&failures, 1, __ATOMIC_SEQ_CST);
  }
}

static wrt_tensor *tensor(int64_t rank, const int64_t *sizes, int64_t n) {
  double values[6] = {1, 2, 3, 4, 5, 6};
  wrt_tensor *t = NULL;
  expect(wrt_from_f64(WRT_F32, rank, sizes, values, n, &t) == WRT_OK && t, "wrt_from_f64");
  return t;
}

static void *caller(void *unused) {
  (void)unused;
  int64_t four[] = {4}, two_by_three[] = {2, 3};
  wrt_tensor *a = tensor(1, four, 4), *b = tensor(1, four, 4), *z = tensor(2, two_by_three, 6);
  for (int i = 0; i < CALLS; ++i) {
    wrt_tensor *inputs[] = {a, b, z};
    wrt_tensor *outputs[3] = {0};
    expect(f(inputs, 3, outputs, 3) == WRT_OK, "concurrent call");
    for (int k = 0; k < 3; ++k)
      wrt_tensor_release(outputs[k]);
  }
  /* a.copy_(b) and z.t_() bump each once per call. */
  expect(wrt_tensor_version(a) == CALLS, "a's version after the calls");
  expect(wrt_tensor_version(z) == CALLS, "z's version after the calls");
  expect(wrt_tensor_version(b) == 0, "b is not mutated");
  wrt_tensor_release(a);
  wrt_tensor_release(b);
  wrt_tensor_release(z);
  return NULL;
}

int main(void) {
  int64_t four[] = {4}, two_by_three[] = {2, 3};
  wrt_tensor *a = tensor(1, four, 4), *b = tensor(1, four, 4), *z = tensor(2, two_by_three, 6);
  wrt_tensor *inputs[] = {a, b, z};
  wrt_tensor *outputs[3] = {0};

  expect(f(NULL, 3, outputs, 3) == WRT_ERR_ARG, "null inputs array");
  expect(f(inputs, 3, NULL, 3) == WRT_ERR_ARG, "null outputs array");
  expect(f(NULL, 0, NULL, 0) == WRT_ERR_ARG, "no arrays at all");
  expect(f(inputs, 2, outputs, 3) == WRT_ERR_ARG, "too few inputs");
  expect(f(inputs, 3, outputs, SIZE_MAX) == WRT_ERR_ARG, "absurd output count");
  wrt_tensor *with_null[] = {a, NULL, z};
  expect(f(with_null, 3, outputs, 3) != WRT_OK, "a null input");
  wrt_tensor *wrong_rank[] = {z, b, z};
  expect(f(wrong_rank, 3, outputs, 3) == WRT_ERR_SHAPE, "wrong rank");
  wrt_tensor *f64 = NULL;
  double values[4] = {0};
  expect(wrt_from_f64(WRT_F64, 1, four, values, 4, &f64) == WRT_OK, "an f64 tensor");
  wrt_tensor *wrong_dtype[] = {f64, b, z};
  expect(f(wrong_dtype, 3, outputs, 3) == WRT_ERR_DTYPE, "wrong dtype");
  for (int k = 0; k < 3; ++k)
    expect(outputs[k] == NULL, "no output on failure");

  wrt_tensor *bad = NULL;
  expect(wrt_from_f64(WRT_F32, SIZE_MAX, four, values, 4, &bad) != WRT_OK && !bad, "rank SIZE_MAX");
  expect(wrt_from_f64(WRT_F32, 64, four, values, 4, &bad) != WRT_OK && !bad, "rank 64");
  expect(wrt_from_f64(99, 1, four, values, 4, &bad) != WRT_OK && !bad, "unknown dtype");
  expect(wrt_from_f64(WRT_F32, 1, four, NULL, 4, &bad) != WRT_OK && !bad, "null values");
  expect(wrt_read_f64(a, values, 1) == WRT_ERR_ARG, "read into a short buffer");
  expect(wrt_tensor_size(a, 5) == -1 && wrt_tensor_stride(a, -1) == -1, "dimension out of range");
  expect(wrt_tensor_size(NULL, 0) == -1, "size of null");
  int64_t huge[] = {INT64_MAX / 2};
  int64_t stride[] = {4};
  expect(wrt_as_strided(a, 1, huge, stride, 0, &bad) != WRT_OK && !bad, "overflowing view");
  expect(wrt_as_strided(a, SIZE_MAX, huge, stride, 0, &bad) != WRT_OK && !bad, "view of rank SIZE_MAX");

  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; ++t)
    pthread_create(&threads[t], NULL, caller, NULL);
  for (int t = 0; t < THREADS; ++t)
    pthread_join(threads[t], NULL);

  wrt_tensor_release(f64);
  wrt_tensor_release(a);
  wrt_tensor_release(b);
  wrt_tensor_release(z);
  if (failures)
    return 1;
  printf("abi_stress: ok\n");
  return 0;
}
