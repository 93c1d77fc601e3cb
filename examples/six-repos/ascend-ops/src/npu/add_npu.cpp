// Host side of add_custom: copy inputs to the NPU, launch on 8 AI Cores, copy the result back.
#define ASCEND_OPS_WITH_NPU
#include <cstdio>

#include "acl/acl.h"
#include "ascend_ops/ops.h"

extern void add_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z);

namespace ascend_ops {

namespace {

int check(aclError status, const char* what) {
  if (status != ACL_SUCCESS) {
    std::fprintf(stderr, "ascend-ops: %s failed with ACL error %d\n", what, static_cast<int>(status));
    return 1;
  }
  return 0;
}

}  // namespace

int add_npu(const float* x, const float* y, float* z, std::size_t n, int device) {
  if (n != kAddLength) {
    std::fprintf(stderr, "ascend-ops: add_npu takes exactly %zu elements\n", kAddLength);
    return 1;
  }
  const std::size_t bytes = n * sizeof(float);
  aclrtStream stream = nullptr;
  void* dx = nullptr;
  void* dy = nullptr;
  void* dz = nullptr;
  int failed = check(aclrtSetDevice(device), "aclrtSetDevice") ||
               check(aclrtCreateStream(&stream), "aclrtCreateStream") ||
               check(aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc x") ||
               check(aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc y") ||
               check(aclrtMalloc(&dz, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc z") ||
               check(aclrtMemcpy(dx, bytes, x, bytes, ACL_MEMCPY_HOST_TO_DEVICE), "copy x") ||
               check(aclrtMemcpy(dy, bytes, y, bytes, ACL_MEMCPY_HOST_TO_DEVICE), "copy y");
  if (!failed) {
    add_custom_do(8, stream, static_cast<uint8_t*>(dx), static_cast<uint8_t*>(dy),
                  static_cast<uint8_t*>(dz));
    failed = check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream") ||
             check(aclrtMemcpy(z, bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "copy z");
  }
  for (void* buffer : {dx, dy, dz}) {
    if (buffer != nullptr) {
      aclrtFree(buffer);
    }
  }
  if (stream != nullptr) {
    aclrtDestroyStream(stream);
  }
  aclrtResetDevice(device);
  return failed;
}

}  // namespace ascend_ops
