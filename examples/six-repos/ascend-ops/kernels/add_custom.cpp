// add_custom: z = x + y on the AI Core vector unit, in Ascend C.
//
// Each of kCores blocks takes a contiguous slice; within a block the slice is processed in
// tiles with double buffering (kBufferNum queues), so copies overlap with compute.
#include "kernel_operator.h"

constexpr int32_t kTotalLength = 8 * 2048;
constexpr int32_t kCores = 8;
constexpr int32_t kBlockLength = kTotalLength / kCores;
constexpr int32_t kTileNum = 8;
constexpr int32_t kBufferNum = 2;
constexpr int32_t kTileLength = kBlockLength / kTileNum / kBufferNum;

class KernelAdd {
 public:
  __aicore__ inline KernelAdd() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    const int32_t offset = kBlockLength * AscendC::GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ float*)x + offset, kBlockLength);
    yGm.SetGlobalBuffer((__gm__ float*)y + offset, kBlockLength);
    zGm.SetGlobalBuffer((__gm__ float*)z + offset, kBlockLength);
    pipe.InitBuffer(inQueueX, kBufferNum, kTileLength * sizeof(float));
    pipe.InitBuffer(inQueueY, kBufferNum, kTileLength * sizeof(float));
    pipe.InitBuffer(outQueueZ, kBufferNum, kTileLength * sizeof(float));
  }

  __aicore__ inline void Process() {
    const int32_t loops = kTileNum * kBufferNum;
    for (int32_t i = 0; i < loops; i++) {
      CopyIn(i);
      Compute(i);
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t progress) {
    AscendC::LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    AscendC::LocalTensor<float> yLocal = inQueueY.AllocTensor<float>();
    AscendC::DataCopy(xLocal, xGm[progress * kTileLength], kTileLength);
    AscendC::DataCopy(yLocal, yGm[progress * kTileLength], kTileLength);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
  }

  __aicore__ inline void Compute(int32_t progress) {
    AscendC::LocalTensor<float> xLocal = inQueueX.DeQue<float>();
    AscendC::LocalTensor<float> yLocal = inQueueY.DeQue<float>();
    AscendC::LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
    AscendC::Add(zLocal, xLocal, yLocal, kTileLength);
    outQueueZ.EnQue<float>(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }

  __aicore__ inline void CopyOut(int32_t progress) {
    AscendC::LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
    AscendC::DataCopy(zGm[progress * kTileLength], zLocal, kTileLength);
    outQueueZ.FreeTensor(zLocal);
  }

  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, kBufferNum> inQueueX, inQueueY;
  AscendC::TQue<AscendC::TPosition::VECOUT, kBufferNum> outQueueZ;
  AscendC::GlobalTensor<float> xGm;
  AscendC::GlobalTensor<float> yGm;
  AscendC::GlobalTensor<float> zGm;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelAdd op;
  op.Init(x, y, z);
  op.Process();
}

void add_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z) {
  add_custom<<<blockDim, nullptr, stream>>>(x, y, z);
}
