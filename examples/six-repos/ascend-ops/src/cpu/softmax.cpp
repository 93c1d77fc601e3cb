#include <algorithm>
#include <cmath>

#include "ascend_ops/ops.h"

namespace ascend_ops {

void softmax_cpu(const float* x, float* z, std::size_t rows, std::size_t cols) {
  for (std::size_t r = 0; r < rows; ++r) {
    const float* in = x + r * cols;
    float* out = z + r * cols;
    const float peak = *std::max_element(in, in + cols);
    double sum = 0.0;
    for (std::size_t c = 0; c < cols; ++c) {
      const double e = std::exp(static_cast<double>(in[c]) - peak);
      out[c] = static_cast<float>(e);
      sum += e;
    }
    for (std::size_t c = 0; c < cols; ++c) {
      out[c] = static_cast<float>(out[c] / sum);
    }
  }
}

}  // namespace ascend_ops
