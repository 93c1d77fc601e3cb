// Registers train_adapter::fused_adam_step, which the Python FusedAdam calls on NPU tensors.
#include <torch/extension.h>

#include "ascend_ops/ops.h"

namespace {

at::Tensor fused_adam_step(at::Tensor param, at::Tensor grad, at::Tensor m, at::Tensor v,
                           double lr, double beta1, double beta2, double eps, int64_t step) {
  m.mul_(beta1).add_(grad, 1 - beta1);
  v.mul_(beta2).addcmul_(grad, grad, 1 - beta2);
  const double bias1 = 1 - std::pow(beta1, step);
  const double bias2 = 1 - std::pow(beta2, step);
  param.addcdiv_(m, (v / bias2).sqrt_().add_(eps), -lr / bias1);
  return param;
}

}  // namespace

TORCH_LIBRARY(train_adapter, m) {
  m.def("fused_adam_step", &fused_adam_step);
}
