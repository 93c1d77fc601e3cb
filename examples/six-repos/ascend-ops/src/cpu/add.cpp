#include "ascend_ops/ops.h"

namespace ascend_ops {

void add_cpu(const float* x, const float* y, float* z, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    z[i] = x[i] + y[i];
  }
}

}  // namespace ascend_ops
