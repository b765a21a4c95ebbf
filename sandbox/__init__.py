"""Runs untrusted learner code in isolation and hands back plain numbers only."""
