import math
from types import SimpleNamespace

import torch
from torch import nn


class BertLayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-12):
        """Construct a layernorm module in the TF style (epsilon inside the square root)."""
        super(BertLayerNorm, self).__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size, dtype=torch.float64))
        self.bias = nn.Parameter(torch.zeros(hidden_size, dtype=torch.float64))
        self.variance_epsilon = eps

    def forward(self, x):
        u = x.mean(-1, keepdim=True)
        s = (x - u).pow(2).mean(-1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.variance_epsilon)
        return self.weight * x + self.bias


class BertSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        if config.hidden_size % config.num_attention_heads != 0:
            raise ValueError(
                f"The hidden size ({config.hidden_size}) is not a multiple of the number of attention "
                f"heads ({config.num_attention_heads})"
            )
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = int(config.hidden_size / config.num_attention_heads)
        self.all_head_size = self.num_attention_heads * self.attention_head_size

        self.query = nn.Linear(config.hidden_size, self.all_head_size, dtype=torch.float64)
        self.key = nn.Linear(config.hidden_size, self.all_head_size, dtype=torch.float64)
        self.value = nn.Linear(config.hidden_size, self.all_head_size, dtype=torch.float64)
        self.dropout = nn.Dropout(config.attention_probs_dropout_prob)

    def transpose_for_scores(self, x):
        new_x_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        x = x.view(new_x_shape)
        return x.permute(0, 2, 1, 3)

    def forward(self, hidden_states):
        query_layer = self.transpose_for_scores(self.query(hidden_states))
        key_layer = self.transpose_for_scores(self.key(hidden_states))
        value_layer = self.transpose_for_scores(self.value(hidden_states))

        # Take the dot product between "query" and "key" to get the raw attention scores.
        attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
        attention_scores = attention_scores / math.sqrt(self.attention_head_size)

        # Normalize the attention scores to probabilities.
        attention_probs = nn.functional.softmax(attention_scores, dim=-1)
        attention_probs = self.dropout(attention_probs)

        context_layer = torch.matmul(attention_probs, value_layer)
        context_layer = context_layer.permute(0, 2, 1, 3).contiguous()
        new_context_layer_shape = context_layer.size()[:-2] + (self.all_head_size,)
        return context_layer.view(new_context_layer_shape)


class BertSelfOutput(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.hidden_size, dtype=torch.float64)
        self.LayerNorm = BertLayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, input_tensor):
        hidden_states = self.dense(hidden_states)
        hidden_states = self.dropout(hidden_states)
        return self.LayerNorm(hidden_states + input_tensor)


class BertAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.self = BertSelfAttention(config)
        self.output = BertSelfOutput(config)

    def forward(self, hidden_states):
        self_outputs = self.self(hidden_states)
        return self.output(self_outputs, hidden_states)


class BertIntermediate(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.intermediate_size, dtype=torch.float64)
        self.intermediate_act_fn = nn.ReLU()

    def forward(self, hidden_states):
        return self.intermediate_act_fn(self.dense(hidden_states))


class BertOutput(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.intermediate_size, config.hidden_size, dtype=torch.float64)
        self.LayerNorm = BertLayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, input_tensor):
        hidden_states = self.dropout(self.dense(hidden_states))
        return self.LayerNorm(hidden_states + input_tensor)


class BertLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = BertAttention(config)
        self.intermediate = BertIntermediate(config)
        self.output = BertOutput(config)

    def forward(self, hidden_states):
        attention_output = self.attention(hidden_states)
        intermediate_output = self.intermediate(attention_output)
        return self.output(intermediate_output, attention_output)


def _load(linear, w, b):
    linear.weight.copy_(w.T)   # nn.Linear keeps (out, in); the exercise applies x @ W
    linear.bias.copy_(b)


@torch.no_grad()
def encoder_block(x, p, n_heads, eps=1e-5):
    config = SimpleNamespace(hidden_size=x.shape[-1], num_attention_heads=n_heads,
                             intermediate_size=p["w1"].shape[1], layer_norm_eps=eps,
                             attention_probs_dropout_prob=0.0, hidden_dropout_prob=0.0)
    layer = BertLayer(config).eval()
    _load(layer.attention.self.query, p["w_q"], p["b_q"])
    _load(layer.attention.self.key, p["w_k"], p["b_k"])
    _load(layer.attention.self.value, p["w_v"], p["b_v"])
    _load(layer.attention.output.dense, p["w_o"], p["b_o"])
    _load(layer.intermediate.dense, p["w1"], p["b1"])
    _load(layer.output.dense, p["w2"], p["b2"])
    layer.attention.output.LayerNorm.weight.copy_(p["ln1_gamma"])
    layer.attention.output.LayerNorm.bias.copy_(p["ln1_beta"])
    layer.output.LayerNorm.weight.copy_(p["ln2_gamma"])
    layer.output.LayerNorm.bias.copy_(p["ln2_beta"])
    if x.dim() == 2:
        return layer(x[None])[0]
    return layer(x)
