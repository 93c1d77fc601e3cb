#include <stdexcept>

#include "infer_adapter/session.h"

namespace infer_adapter {

std::vector<float> preprocess(const std::vector<std::uint8_t>& hwc, int height, int width,
                              const float mean[3], const float stdev[3]) {
  const std::size_t plane = static_cast<std::size_t>(height) * width;
  if (hwc.size() != plane * 3) {
    throw std::invalid_argument("preprocess: image is not height x width x 3");
  }
  std::vector<float> chw(plane * 3);
  for (std::size_t pixel = 0; pixel < plane; ++pixel) {
    for (int channel = 0; channel < 3; ++channel) {
      const float value = hwc[pixel * 3 + channel] / 255.0f;
      chw[channel * plane + pixel] = (value - mean[channel]) / stdev[channel];
    }
  }
  return chw;
}

}  // namespace infer_adapter
