// Device test: add_custom on NPU 0 against the reference implementation.
// Returns 77 (ctest SKIP_RETURN_CODE) when no NPU is visible.
#define ASCEND_OPS_WITH_NPU
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "ascend_ops/ops.h"

int main() {
  if (aclInit(nullptr) != ACL_SUCCESS) {
    std::puts("SKIP: aclInit failed (is the driver installed?)");
    return 77;
  }
  uint32_t device_count = 0;
  aclrtGetDeviceCount(&device_count);
  if (device_count < 1) {
    std::puts("SKIP: no NPU visible; this test needs one Atlas A2/A3 NPU");
    aclFinalize();
    return 77;
  }
  const std::size_t n = ascend_ops::kAddLength;
  std::vector<float> x(n), y(n), expected(n), got(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 97) * 0.5f;
    y[i] = static_cast<float>(i % 31) * -0.25f;
  }
  ascend_ops::add_cpu(x.data(), y.data(), expected.data(), n);
  const int failed = ascend_ops::add_npu(x.data(), y.data(), got.data(), n, 0);
  aclFinalize();
  if (failed) {
    return 1;
  }
  const double error = ascend_ops::max_relative_error(got, expected);
  std::printf("add_custom on NPU 0: max relative error %.3g\n", error);
  return error <= 1e-6 ? 0 : 1;
}
