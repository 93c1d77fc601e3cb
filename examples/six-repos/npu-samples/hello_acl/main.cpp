// hello_acl DEVICE: copy 1 MiB to the NPU and back, and check it arrived unchanged.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"

#define CHECK(call)                                                              \
  do {                                                                           \
    aclError status = (call);                                                    \
    if (status != ACL_SUCCESS) {                                                 \
      std::fprintf(stderr, "%s failed: ACL error %d\n", #call, (int)status);     \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

int main(int argc, char** argv) {
  const int device = argc > 1 ? std::atoi(argv[1]) : 0;
  const size_t bytes = 1 << 20;
  std::vector<unsigned char> host(bytes), back(bytes);
  for (size_t i = 0; i < bytes; ++i) {
    host[i] = static_cast<unsigned char>(i * 31 + 7);
  }

  CHECK(aclInit(nullptr));
  CHECK(aclrtSetDevice(device));
  void* buffer = nullptr;
  CHECK(aclrtMalloc(&buffer, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMemcpy(buffer, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  CHECK(aclrtMemcpy(back.data(), bytes, buffer, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
  CHECK(aclrtFree(buffer));
  CHECK(aclrtResetDevice(device));
  CHECK(aclFinalize());

  if (std::memcmp(host.data(), back.data(), bytes) != 0) {
    std::fprintf(stderr, "hello_acl: data changed on the round trip\n");
    return 1;
  }
  std::printf("hello_acl: 1 MiB round trip on NPU %d ok\n", device);
  return 0;
}
