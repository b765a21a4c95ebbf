import torch


def sigmoid(x: torch.Tensor) -> torch.Tensor:
    # Only ever exponentiate -|x|: z is in (0, 1], so exp cannot overflow.
    z = torch.exp(-torch.abs(x))
    # For x >= 0: 1 / (1 + e^-x). For x < 0: e^x / (1 + e^x), the same value multiplied through by e^x.
    return torch.where(x >= 0, 1.0 / (1.0 + z), z / (1.0 + z))
