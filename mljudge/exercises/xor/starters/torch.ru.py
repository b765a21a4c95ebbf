import torch


def train_xor(x: torch.Tensor, y: torch.Tensor, hidden: int = 8, steps: int = 500, lr: float = 1.0,
              seed: int = 0) -> torch.Tensor:
    """Обучите сеть 2-hidden-1 на (x, y) и верните её предсказанные вероятности для x, форма (N,).

    x: (N, 2), строки float64 из 0.0/1.0; y: (N,), метки float64 0.0/1.0. Сеть: h = tanh(x @ W1.T + b1),
    p = sigmoid(h @ w2 + b2), где W1 (hidden, 2) и w2 (hidden,) взяты из нормального распределения со
    стандартным отклонением 0.5 (g = torch.Generator().manual_seed(seed); torch.randn(..., generator=g),
    сначала W1, затем w2), а смещения нулевые. Сделайте `steps` шагов градиентного спуска по всему набору со
    скоростью обучения `lr`, минимизируя среднюю перекрёстную энтропию по строкам (autograd можно,
    torch.optim нельзя); затем верните p для каждой строки x. Не изменяйте x и y.
    """
    # Здесь ваш код
    raise NotImplementedError("функция train_xor ещё не написана")
