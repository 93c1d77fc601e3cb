#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ascend_ops/ops.h"

namespace ascend_ops {

namespace {

std::vector<float> parse_floats(std::istringstream& in) {
  std::vector<float> values;
  float value = 0.0f;
  while (in >> value) {
    values.push_back(value);
  }
  return values;
}

}  // namespace

Golden read_golden(const std::string& path) {
  std::ifstream file(path);
  if (!file) {
    throw std::runtime_error(path + ": cannot open golden file");
  }
  Golden golden;
  std::string line;
  int number = 0;
  while (std::getline(file, line)) {
    ++number;
    if (line.empty() || line[0] == '#') {
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": expected 'name: values'");
    }
    const std::string key = line.substr(0, colon);
    std::istringstream rest(line.substr(colon + 1));
    if (key == "op") {
      rest >> golden.op;
    } else if (key == "shape") {
      std::size_t dim = 0;
      while (rest >> dim) {
        golden.shape.push_back(dim);
      }
    } else if (key == "x") {
      golden.x = parse_floats(rest);
    } else if (key == "y") {
      golden.y = parse_floats(rest);
    } else if (key == "z") {
      golden.z = parse_floats(rest);
    } else {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": unknown key " + key);
    }
  }
  if (golden.op.empty() || golden.z.empty()) {
    throw std::runtime_error(path + ": needs at least 'op' and 'z'");
  }
  return golden;
}

double max_relative_error(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) {
    throw std::runtime_error("compared vectors differ in length");
  }
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double scale = std::max(1.0, std::fabs(static_cast<double>(b[i])));
    worst = std::max(worst, std::fabs(static_cast<double>(a[i]) - b[i]) / scale);
  }
  return worst;
}

}  // namespace ascend_ops
