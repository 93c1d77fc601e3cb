// Session on top of AscendCL's model API (aclmdl*), as in CANN 6.3.
#include <stdexcept>
#include <string>

#include "acl/acl.h"
#include "infer_adapter/session.h"

namespace infer_adapter {

namespace {

void check(aclError status, const std::string& what) {
  if (status != ACL_SUCCESS) {
    throw std::runtime_error(what + " failed with ACL error " + std::to_string(status));
  }
}

aclmdlDataset* wrap(void* buffer, std::size_t bytes) {
  aclmdlDataset* dataset = aclmdlCreateDataset();
  aclDataBuffer* data = aclCreateDataBuffer(buffer, bytes);
  check(aclmdlAddDatasetBuffer(dataset, data), "aclmdlAddDatasetBuffer");
  return dataset;
}

void release(aclmdlDataset* dataset) {
  for (std::size_t i = 0; i < aclmdlGetDatasetNumBuffers(dataset); ++i) {
    aclDataBuffer* data = aclmdlGetDatasetBuffer(dataset, i);
    aclrtFree(aclGetDataBufferAddr(data));
    aclDestroyDataBuffer(data);
  }
  aclmdlDestroyDataset(dataset);
}

}  // namespace

Session::Session(const std::string& model_path, int device) : device_(device) {
  check(aclInit(nullptr), "aclInit");
  check(aclrtSetDevice(device_), "aclrtSetDevice");
  check(aclmdlLoadFromFile(model_path.c_str(), &model_id_), "aclmdlLoadFromFile " + model_path);
  aclmdlDesc* description = aclmdlCreateDesc();
  check(aclmdlGetDesc(description, model_id_), "aclmdlGetDesc");
  description_ = description;
}

Session::~Session() {
  aclmdlUnload(model_id_);
  aclmdlDestroyDesc(static_cast<aclmdlDesc*>(description_));
  aclrtResetDevice(device_);
  aclFinalize();
}

std::vector<float> Session::run(const std::vector<float>& input) {
  auto* description = static_cast<aclmdlDesc*>(description_);
  const std::size_t in_bytes = aclmdlGetInputSizeByIndex(description, 0);
  const std::size_t out_bytes = aclmdlGetOutputSizeByIndex(description, 0);
  if (input.size() * sizeof(float) != in_bytes) {
    throw std::invalid_argument("input size does not match the model");
  }
  void* device_in = nullptr;
  void* device_out = nullptr;
  check(aclrtMalloc(&device_in, in_bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc input");
  check(aclrtMalloc(&device_out, out_bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc output");
  check(aclrtMemcpy(device_in, in_bytes, input.data(), in_bytes, ACL_MEMCPY_HOST_TO_DEVICE),
        "copy input");
  aclmdlDataset* inputs = wrap(device_in, in_bytes);
  aclmdlDataset* outputs = wrap(device_out, out_bytes);
  check(aclmdlExecute(model_id_, inputs, outputs), "aclmdlExecute");
  std::vector<float> result(out_bytes / sizeof(float));
  check(aclrtMemcpy(result.data(), out_bytes, device_out, out_bytes, ACL_MEMCPY_DEVICE_TO_HOST),
        "copy output");
  release(inputs);
  release(outputs);
  return result;
}

}  // namespace infer_adapter
