/* One regenerated view and its release, in a C loop: wrt_as_strided of a
 * 16-element f32 tensor + wrt_tensor_release, 5 rounds of 5,000,000.
 *
 * Linked statically (as `wrapc-dev bench`'s JIT calls the runtime):
 *   cc -O2 -Iruntime/include bench/view_release.c -o /tmp/view_release \
 *      target/release/libwrapc_runtime.a -lpthread -ldl -lm
 * Through a shared object (as compiled wrappers load the runtime):
 *   cc -shared -o /tmp/libwrtso.so -Wl,--whole-archive \
 *      target/release/libwrapc_runtime.a -Wl,--no-whole-archive -lpthread -ldl -lm
 *   cc -O2 -Iruntime/include bench/view_release.c -o /tmp/view_release_so \
 *      -L/tmp -lwrtso -Wl,-rpath,/tmp
 */
#include "wrapc_runtime.h"
#include <stdio.h>
#include <time.h>

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void) {
  int64_t sizes[] = {16};
  double values[16] = {0};
  wrt_tensor *base = NULL;
  if (wrt_from_f64(WRT_F32, 1, sizes, values, 16, &base) != WRT_OK) {
    fprintf(stderr, "%s\n", wrt_last_error());
    return 1;
  }
  int64_t view_sizes[] = {4}, view_strides[] = {1};
  const int n = 5000000;
  for (int round = 0; round < 5; round++) {
    double start = now_ns();
    for (int i = 0; i < n; i++) {
      wrt_tensor *view = NULL;
      if (wrt_as_strided(base, 1, view_sizes, view_strides, 2, &view) != WRT_OK) {
        fprintf(stderr, "%s\n", wrt_last_error());
        return 1;
      }
      wrt_tensor_release(view);
    }
    printf("wrt_as_strided + release: %.1f ns\n", (now_ns() - start) / n);
  }
  wrt_tensor_release(base);
  return 0;
}
