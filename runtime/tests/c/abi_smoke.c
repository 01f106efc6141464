/* A C host of wrapc's runtime: views, copies, version counters, grad mode,
 * and errors instead of crashes on bad arguments. */
#include "wrapc_runtime.h"

#include <stdio.h>
#include <string.h>

#define CHECK(cond)                                                             \
  do {                                                                          \
    if (!(cond)) {                                                              \
      printf("FAILED line %d: %s (%s)\n", __LINE__, #cond, wrt_last_error());  \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

int main(void) {
  int64_t sizes[] = {6};
  double values[] = {0, 1, 2, 3, 4, 5};
  wrt_tensor *base = NULL;
  CHECK(wrt_from_f64(WRT_F32, 1, sizes, values, 6, &base) == WRT_OK);

  int64_t vsizes[] = {3, 2}, vstrides[] = {1, 3};
  wrt_tensor *view = NULL;
  CHECK(wrt_as_strided(base, 2, vsizes, vstrides, 0, &view) == WRT_OK);
  CHECK(wrt_tensor_storage_id(view) == wrt_tensor_storage_id(base));
  CHECK(wrt_tensor_size(view, 0) == 3 && wrt_tensor_stride(view, 1) == 3);

  /* The C-layout header compiled code reads. */
  const wrt_tensor_header *h = (const wrt_tensor_header *)view;
  CHECK(h->dtype == WRT_F32 && h->device_kind == WRT_HOST && h->rank == 2);
  CHECK(h->sizes[0] == 3 && h->sizes[1] == 2 && h->strides[0] == 1 && h->strides[1] == 3);
  CHECK(h->version == ((const wrt_tensor_header *)base)->version);

  double got[6];
  CHECK(wrt_read_f64(view, got, 6) == WRT_OK);
  CHECK(got[1] == 3 && got[2] == 1);

  /* copy_ into the view bumps the counter shared with the base */
  double ones[] = {1, 1, 1, 1, 1, 1};
  wrt_tensor *src = NULL;
  CHECK(wrt_from_f64(WRT_F64, 2, vsizes, ones, 6, &src) == WRT_OK);
  CHECK(wrt_copy_(view, src) == WRT_OK);
  CHECK(wrt_tensor_version(base) == 1);

  wrt_tensor *detached = NULL;
  CHECK(wrt_detach(base, &detached) == WRT_OK);
  CHECK(wrt_bump_version(detached) == WRT_OK);
  CHECK(wrt_tensor_version(base) == 2);

  int64_t big[] = {8};
  wrt_tensor *other = NULL;
  CHECK(wrt_empty_strided(WRT_F32, WRT_HOST, 0, 1, big, (int64_t[]){1}, &other) == WRT_OK);
  CHECK(wrt_set_(base, other) == WRT_OK);
  CHECK(wrt_tensor_storage_id(base) == wrt_tensor_storage_id(other));
  CHECK(wrt_tensor_size(base, 0) == 8);

  CHECK(wrt_grad_enabled());
  wrt_set_grad_enabled(false);
  CHECK(!wrt_grad_enabled());
  wrt_set_grad_enabled(true);

  /* bad arguments: status codes and messages, no crash */
  CHECK(wrt_copy_(NULL, base) == WRT_ERR_NULL);
  CHECK(strstr(wrt_last_error(), "dst is null") != NULL);
  CHECK(wrt_as_strided(base, 1, (int64_t[]){9}, (int64_t[]){1}, 0, &view) == WRT_ERR_BOUNDS);
  CHECK(wrt_from_f64(42, 1, sizes, values, 6, &view) == WRT_ERR_DTYPE);
  CHECK(wrt_tensor_size(NULL, 0) == -1);

  wrt_tensor_release(view);
  wrt_tensor_release(src);
  wrt_tensor_release(detached);
  wrt_tensor_release(other);
  wrt_tensor_release(base);
  wrt_tensor_release(NULL);
  printf("abi_smoke: ok\n");
  return 0;
}
