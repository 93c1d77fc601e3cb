// ascend-ops: custom operators for Ascend NPUs with portable reference implementations.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ascend_ops {

// z[i] = x[i] + y[i]. The reference the `add_custom` Ascend C kernel is checked against.
void add_cpu(const float* x, const float* y, float* z, std::size_t n);

// Row-wise softmax over a rows x cols matrix, computed stably (max subtracted first).
void softmax_cpu(const float* x, float* z, std::size_t rows, std::size_t cols);

// Golden data: named float vectors read from a text file ("name: v1 v2 ...").
struct Golden {
  std::string op;
  std::vector<std::size_t> shape;
  std::vector<float> x, y, z;
};

// Reads a golden file; throws std::runtime_error with the path and line on a bad file.
Golden read_golden(const std::string& path);

// Largest |a - b| / max(1, |b|) over two equally long vectors.
double max_relative_error(const std::vector<float>& a, const std::vector<float>& b);

#ifdef ASCEND_OPS_WITH_NPU
// Runs `add_custom` on NPU `device`; n must equal kAddLength.
constexpr std::size_t kAddLength = 8 * 2048;
int add_npu(const float* x, const float* y, float* z, std::size_t n, int device);
#endif

}  // namespace ascend_ops
