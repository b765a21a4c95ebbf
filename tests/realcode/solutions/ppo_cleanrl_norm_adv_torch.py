from dataclasses import dataclass

import torch


@dataclass
class Args:
    clip_coef: float = 0.2
    """the surrogate clipping coefficient"""
    norm_adv: bool = True
    """Toggles advantages normalization"""
    clip_vloss: bool = True
    """Toggles whether or not to use a clipped loss for the value function, as per the paper."""
    ent_coef: float = 0.01
    """coefficient of the entropy"""


def policy_loss(newlogprob, b_logprobs, mb_advantages, args):
    logratio = newlogprob - b_logprobs
    ratio = logratio.exp()

    with torch.no_grad():
        # calculate approx_kl http://joschu.net/blog/kl-approx.html
        old_approx_kl = (-logratio).mean()
        approx_kl = ((ratio - 1) - logratio).mean()
        clipfracs = [((ratio - 1.0).abs() > args.clip_coef).float().mean().item()]

    if args.norm_adv:
        mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)

    # Policy loss
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    return pg_loss, old_approx_kl, approx_kl, clipfracs


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    args = Args(clip_coef=clip)
    pg_loss, *_ = policy_loss(new_log_probs, old_log_probs, advantages, args)
    return pg_loss
