// An inference session: one offline model (.om) loaded on one NPU.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace infer_adapter {

// HWC uint8 image -> CHW float32, scaled to [0, 1] and normalised per channel.
std::vector<float> preprocess(const std::vector<std::uint8_t>& hwc, int height, int width,
                              const float mean[3], const float stdev[3]);

class Session {
 public:
  // Initialises ACL, opens `device` and loads the model; throws std::runtime_error on failure.
  Session(const std::string& model_path, int device);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Runs the model on one input buffer and returns its first output as floats.
  std::vector<float> run(const std::vector<float>& input);

 private:
  int device_;
  std::uint32_t model_id_ = 0;
  void* description_ = nullptr;
};

}  // namespace infer_adapter
