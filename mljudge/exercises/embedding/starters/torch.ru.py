import torch


def embedding(weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    """Выборка строк из таблицы эмбеддингов.

    weights: тензор float64 формы (num_embeddings, dim), по строке на каждый id.
    ids: тензор int64 любой формы (в том числе пустой).
    Верните новый тензор float64 формы ids.shape + (dim,), элемент [..., :] которого равен weights[id].
    Выбросьте IndexError (или ValueError), если какой-нибудь id отрицателен или >= num_embeddings.
    """
    # Здесь ваш код: проверьте ids, затем выберите строки.
    raise NotImplementedError("функция embedding ещё не написана")
