// infer_demo --model MODEL.om [--device N]: runs the model once on a synthetic image and
// prints the top-5 classes.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <numeric>
#include <string>
#include <vector>

#include "infer_adapter/session.h"

int main(int argc, char** argv) {
  std::string model;
  int device = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--model") == 0) {
      model = argv[i + 1];
    } else if (std::strcmp(argv[i], "--device") == 0) {
      device = std::stoi(argv[i + 1]);
    }
  }
  if (model.empty()) {
    std::fprintf(stderr, "usage: infer_demo --model MODEL.om [--device N]\n");
    return 2;
  }
  const float mean[3] = {0.485f, 0.456f, 0.406f};
  const float stdev[3] = {0.229f, 0.224f, 0.225f};
  std::vector<std::uint8_t> image(224 * 224 * 3);
  for (std::size_t i = 0; i < image.size(); ++i) {
    image[i] = static_cast<std::uint8_t>(i * 7 % 256);
  }
  try {
    infer_adapter::Session session(model, device);
    const std::vector<float> scores = session.run(infer_adapter::preprocess(image, 224, 224, mean, stdev));
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), 0);
    const std::size_t k = std::min<std::size_t>(5, order.size());
    std::partial_sort(order.begin(), order.begin() + k, order.end(),
                      [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
    for (std::size_t i = 0; i < k; ++i) {
      std::printf("class %zu: %.4f\n", order[i], scores[order[i]]);
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "infer_demo: %s\n", failure.what());
    return 1;
  }
  return 0;
}
