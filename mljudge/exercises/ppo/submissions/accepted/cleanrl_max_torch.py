# CleanRL's ppo.py policy loss as it is written there: the max of the negated terms, the same as −min(...), with
# float32 tensors as its rollout buffers hold them (its advantage normalisation stays in the training loop).
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    newlogprob, b_logprobs, mb_advantages = (t.float() for t in (new_log_probs, old_log_probs, advantages))
    logratio = newlogprob - b_logprobs
    ratio = logratio.exp()

    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip, 1 + clip)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    return pg_loss
