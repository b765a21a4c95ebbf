# mistake: normalised-advantages
# stable-baselines3's PPO.train() with its default normalize_advantage=True, the minibatch normalisation pasted
# into the loss (CleanRL's ppo.py does the same with norm_adv=True). Tensor.std divides by n − 1.
import torch as th


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    # Normalization does not make sense if mini batchsize == 1, see GH issue #325
    if len(advantages) > 1:
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)

    # ratio between old and new policy, should be one at the first iteration
    ratio = th.exp(new_log_probs - old_log_probs)

    # clipped surrogate loss
    policy_loss_1 = advantages * ratio
    policy_loss_2 = advantages * th.clamp(ratio, 1 - clip, 1 + clip)
    policy_loss = -th.min(policy_loss_1, policy_loss_2).mean()
    return policy_loss
