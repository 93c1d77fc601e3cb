// Checks the reference implementation against a golden file: test_golden FILE.
// Exit 0 when every output is within tolerance, 1 otherwise (with the worst error printed).
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <vector>

#include "ascend_ops/ops.h"

namespace {

constexpr double kTolerance = 1e-6;

std::vector<float> run(const ascend_ops::Golden& golden) {
  std::vector<float> out(golden.z.size());
  if (golden.op == "add") {
    if (golden.x.size() != golden.z.size() || golden.y.size() != golden.z.size()) {
      throw std::runtime_error("add: x, y and z differ in length");
    }
    ascend_ops::add_cpu(golden.x.data(), golden.y.data(), out.data(), out.size());
  } else if (golden.op == "softmax") {
    if (golden.shape.size() != 2 || golden.shape[0] * golden.shape[1] != golden.z.size()) {
      throw std::runtime_error("softmax: shape does not match z");
    }
    ascend_ops::softmax_cpu(golden.x.data(), out.data(), golden.shape[0], golden.shape[1]);
  } else {
    throw std::runtime_error("unknown op " + golden.op);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: test_golden GOLDEN_FILE\n");
    return 2;
  }
  try {
    const ascend_ops::Golden golden = ascend_ops::read_golden(argv[1]);
    const double error = ascend_ops::max_relative_error(run(golden), golden.z);
    std::printf("%s: %zu values, max relative error %.3g\n", golden.op.c_str(), golden.z.size(),
                error);
    return error <= kTolerance ? 0 : 1;
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "%s\n", failure.what());
    return 1;
  }
}
