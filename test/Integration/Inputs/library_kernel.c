// A kernel as Inductor's C++ backend exports one: extern "C", data
// pointers (inputs const), sizes as int64_t, its own loop.
#include <stdint.h>

void kernel(const float *in_ptr0, float *out_ptr0, const int64_t ks0) {
  for (int64_t i = 0; i < ks0; ++i) out_ptr0[i] = 3.0f * in_ptr0[i] + (float)i;
}
