import torch


def compute_loss_pi(data, clip_ratio):
    """Set up function for computing the PPO policy loss (Spinning Up), with logp computed by the caller."""
    logp, adv, logp_old = data['logp'], data['adv'], data['logp_old']

    # Policy loss
    ratio = torch.exp(logp - logp_old)
    clip_adv = torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio) * adv
    loss_pi = -(torch.min(ratio * adv, clip_adv)).mean()

    # Useful extra info
    approx_kl = (logp_old - logp).mean().item()
    clipped = ratio.gt(1 + clip_ratio) | ratio.lt(1 - clip_ratio)
    clipfrac = torch.as_tensor(clipped, dtype=torch.float32).mean().item()
    pi_info = dict(kl=approx_kl, cf=clipfrac)

    return loss_pi, pi_info


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    data = dict(logp=new_log_probs, logp_old=old_log_probs, adv=advantages)
    loss_pi, pi_info = compute_loss_pi(data, clip)
    return loss_pi
