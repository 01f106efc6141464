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

  /* Tensor-subclass instances: bad construction, bad attribute access,
   * instances where plain tensors are expected and the reverse, data
   * operations on instances. */
  const char *names[] = {"a", "b"};
  const wrt_tensor *attrs[] = {a, b};
  const wrt_tensor *with_null_attr[] = {a, NULL};
  expect(wrt_subclass_new(NULL, WRT_F32, 1, four, 2, names, attrs, &bad) != WRT_OK && !bad, "a null type name");
  expect(wrt_subclass_new("TwoTensor", WRT_F32, 1, four, 2, NULL, attrs, &bad) != WRT_OK && !bad, "null names");
  expect(wrt_subclass_new("TwoTensor", WRT_F32, 1, four, 2, names, with_null_attr, &bad) != WRT_OK && !bad,
         "a null attribute");
  expect(wrt_subclass_new("TwoTensor", WRT_F32, SIZE_MAX, four, 2, names, attrs, &bad) != WRT_OK && !bad,
         "outer rank SIZE_MAX");
  expect(wrt_subclass_new("TwoTensor", 99, 1, four, 2, names, attrs, &bad) != WRT_OK && !bad, "unknown dtype");
  wrt_tensor *two = NULL;
  expect(wrt_subclass_new("TwoTensor", WRT_F32, 1, four, 2, names, attrs, &two) == WRT_OK && two, "a TwoTensor");
  wrt_tensor *attr = NULL;
  int64_t any[] = {-1};
  expect(wrt_subclass_attr(two, "TwoTensor", 2, WRT_F32, WRT_HOST, 1, any, &attr) != WRT_OK && !attr,
         "attribute out of range");
  expect(wrt_subclass_attr(two, "Other", 0, WRT_F32, WRT_HOST, 1, any, &attr) != WRT_OK && !attr, "wrong type");
  expect(wrt_subclass_attr(a, "TwoTensor", 0, WRT_F32, WRT_HOST, 1, any, &attr) != WRT_OK && !attr,
         "a plain tensor taken apart");
  expect(wrt_subclass_attr(two, "TwoTensor", 0, WRT_F64, WRT_HOST, 1, any, &attr) == WRT_ERR_DTYPE && !attr,
         "an attribute of another dtype");
  expect(wrt_subclass_attr(two, "TwoTensor", 0, WRT_F32, WRT_HOST, 1, NULL, &attr) != WRT_OK && !attr,
         "null sizes");
  expect(wrt_subclass_check_type(NULL, "TwoTensor", NULL) == WRT_ERR_NULL, "check_type of null");
  expect(wrt_subclass_num_attrs(two) == 2 && wrt_subclass_num_attrs(a) == -1 && wrt_subclass_num_attrs(NULL) == -1,
         "num_attrs");
  wrt_tensor *two_for_plain[] = {two, b, z};
  expect(f(two_for_plain, 3, outputs, 3) == WRT_ERR_ARG, "an instance for a plain tensor");
  wrt_tensor *plain_for_two[] = {a, z};
  wrt_tensor *user_outputs[2] = {0};
  expect(user_fn(plain_for_two, 2, user_outputs, 2) == WRT_ERR_ARG, "a plain tensor for an instance");
  expect(wrt_copy_(two, a) == WRT_ERR_UNSUPPORTED, "copy_ into an instance from a plain tensor");
  expect(wrt_as_strided(two, 1, four, stride, 0, &bad) == WRT_ERR_UNSUPPORTED && !bad, "a view of an instance");
  expect(wrt_detach(two, &bad) == WRT_ERR_UNSUPPORTED && !bad, "detach of an instance");
  expect(wrt_read_f64(two, values, 4) != WRT_OK, "reading an instance's (absent) data");
  wrt_tensor *user_inputs[] = {two, z};
  expect(user_fn(user_inputs, 2, user_outputs, 2) == WRT_OK, "a TwoTensor call");
  for (int k = 0; k < 2; ++k)
    wrt_tensor_release(user_outputs[k]);
  wrt_tensor_release(two);

  /* An embedder naming a mirror's _base: null handles, a tensor its own
   * base, tensors over different storages, instances. */
  wrt_tensor *view = NULL;
  int64_t two_sizes[] = {2}, unit[] = {1};
  expect(wrt_as_strided(a, 1, two_sizes, unit, 1, &view) == WRT_OK && view, "a view");
  expect(wrt_set_view_base(NULL, a) == WRT_ERR_NULL && wrt_set_view_base(view, NULL) == WRT_ERR_NULL,
         "a null view or base");
  expect(wrt_set_view_base(a, a) == WRT_ERR_ARG, "a tensor its own base");
  expect(wrt_set_view_base(view, b) == WRT_ERR_ARG, "a base over another storage");
  expect(wrt_set_view_base(a, view) == WRT_ERR_ARG, "a base whose own _base is the tensor");
  expect(wrt_set_view_base(view, a) == WRT_OK, "a view's real base");
  wrt_tensor_release(view);

  /* CUDA-graph mode entry points, misused: no GPU is touched. */
  wrt_cuda_graph_slot graph_slot = {0};
  expect(wrt_cuda_graph_begin(NULL) != WRT_OK, "a graph batch with a null slot");
  expect(wrt_cuda_graph_end(&graph_slot) != WRT_OK, "a graph batch ended without begin");
  expect(wrt_cuda_graph_launch(NULL, NULL, 0, NULL, NULL, 1, NULL, 1) != WRT_OK, "a graph launch of nothing");
  expect(wrt_cuda_graph_begin(&graph_slot) == WRT_OK && wrt_cuda_graph_end(&graph_slot) == WRT_OK,
         "an empty graph batch");

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
