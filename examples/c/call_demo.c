/* A C host calling the wrapper wrapc compiled from examples/demo.mlir:
 *   wrapc compile examples/demo.mlir -o libdemo.so   (writes libdemo.h too)
 *   cc call_demo.c -I. -Iruntime/include -L. -ldemo -Wl,-rpath,. -o call_demo
 * It prints what the call did to its inputs and outputs, then shows that bad
 * arguments come back as error codes with messages. */
#include "libdemo.h"

#include <stdio.h>

static void show(const char *name, const wrt_tensor *t) {
  double values[16];
  int64_t rank = wrt_tensor_rank(t);
  printf("%-5s storage=%lld v%lld sizes=[", name, (long long)(wrt_tensor_storage_id(t) % 100000),
         (long long)wrt_tensor_version(t));
  for (int64_t d = 0; d < rank; ++d)
    printf(d ? ", %lld" : "%lld", (long long)wrt_tensor_size(t, d));
  printf("] strides=[");
  for (int64_t d = 0; d < rank; ++d)
    printf(d ? ", %lld" : "%lld", (long long)wrt_tensor_stride(t, d));
  printf("] values=");
  if (wrt_read_f64(t, values, 16) == WRT_OK) {
    int64_t n = 1;
    for (int64_t d = 0; d < rank; ++d)
      n *= wrt_tensor_size(t, d);
    for (int64_t i = 0; i < n; ++i)
      printf(i ? " %g" : "%g", values[i]);
  }
  printf("\n");
}

int main(void) {
  int64_t four[] = {4}, two_by_three[] = {2, 3};
  double a_values[] = {0, 1, 2, 3}, b_values[] = {10, 20, 30, 40}, z_values[] = {1, 2, 3, 4, 5, 6};
  wrt_tensor *a, *b, *z;
  wrt_from_f64(WRT_F32, 1, four, a_values, 4, &a);
  wrt_from_f64(WRT_F32, 1, four, b_values, 4, &b);
  wrt_from_f64(WRT_F32, 2, two_by_three, z_values, 6, &z);

  wrt_tensor *inputs[] = {a, b, z};
  wrt_tensor *outputs[3] = {0};
  int32_t status = f(inputs, 3, outputs, 3);
  printf("f -> %d\n", status);
  if (status != WRT_OK)
    return 1;
  show("a", a);
  show("b", b);
  show("z", z);
  show("out0", outputs[0]);
  show("out1", outputs[1]);
  show("out2", outputs[2]);
  printf("out0 aliases a: %s\n", wrt_tensor_storage_id(outputs[0]) == wrt_tensor_storage_id(a) ? "yes" : "no");
  printf("out2 is z: %s\n", wrt_same_tensor(outputs[2], z) ? "yes" : "no");
  for (int i = 0; i < 3; ++i)
    wrt_tensor_release(outputs[i]);

  /* The subclass entry point @user_fn takes a TwoTensor: a tensor handle
   * made from its attributes, taken apart by the compiled wrapper and
   * rebuilt for the result. */
  const char *names[] = {"a", "b"};
  const wrt_tensor *attrs[] = {a, b};
  wrt_tensor *two;
  if (wrt_subclass_new("TwoTensor", WRT_F32, 1, four, 2, names, attrs, &two) != WRT_OK)
    return 1;
  wrt_tensor *user_inputs[] = {two, z};
  wrt_tensor *user_outputs[2] = {0};
  status = user_fn(user_inputs, 2, user_outputs, 2);
  printf("user_fn -> %d\n", status);
  if (status != WRT_OK)
    return 1;
  wrt_tensor *out_a, *out_b;
  int64_t any[] = {-1};
  wrt_subclass_attr(user_outputs[0], "TwoTensor", 0, WRT_F32, WRT_HOST, 1, any, &out_a);
  wrt_subclass_attr(user_outputs[0], "TwoTensor", 1, WRT_F32, WRT_HOST, 1, any, &out_b);
  printf("out0 is a TwoTensor of %lld attributes\n", (long long)wrt_subclass_num_attrs(user_outputs[0]));
  show("out0.a", out_a);
  show("out0.b", out_b);
  status = user_fn(inputs, 2, user_outputs, 2);
  printf("plain tensor for a TwoTensor -> %d: %s\n", status, wrt_last_error());
  wrt_tensor *plain_for_two[] = {two, b, z};
  status = f(plain_for_two, 3, outputs, 3);
  printf("TwoTensor for a plain tensor -> %d: %s\n", status, wrt_last_error());
  wrt_tensor_release(out_a);
  wrt_tensor_release(out_b);
  for (int i = 0; i < 2; ++i)
    wrt_tensor_release(user_outputs[i]);
  wrt_tensor_release(two);

  /* Bad arguments: an error code and a message, never a crash. (The
   * message is read after the call: the next failure replaces it.) */
  status = f(inputs, 2, outputs, 3);
  printf("wrong count -> %d: %s\n", status, wrt_last_error());
  wrt_tensor *wrong_dtype;
  wrt_from_f64(WRT_F64, 1, four, a_values, 4, &wrong_dtype);
  wrt_tensor *bad_dtype[] = {wrong_dtype, b, z};
  status = f(bad_dtype, 3, outputs, 3);
  printf("wrong dtype -> %d: %s\n", status, wrt_last_error());
  wrt_tensor *with_null[] = {a, NULL, z};
  status = f(with_null, 3, outputs, 3);
  printf("null input -> %d: %s\n", status, wrt_last_error());
  wrt_tensor *short_shape[] = {z, b, z};
  status = f(short_shape, 3, outputs, 3);
  printf("wrong shape -> %d: %s\n", status, wrt_last_error());
  status = f(NULL, 3, outputs, 3);
  printf("null inputs array -> %d: %s\n", status, wrt_last_error());
  status = f(inputs, 3, NULL, 3);
  printf("null outputs array -> %d: %s\n", status, wrt_last_error());

  wrt_tensor_release(wrong_dtype);
  wrt_tensor_release(a);
  wrt_tensor_release(b);
  wrt_tensor_release(z);
  return 0;
}
