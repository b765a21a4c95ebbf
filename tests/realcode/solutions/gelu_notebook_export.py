#!/usr/bin/env python
# coding: utf-8

# # Week 2 — activations
# Exported from activations.ipynb

# In[1]:


import os
import json
import time

import numpy as np
import matplotlib.pyplot as plt


# In[2]:


def gelu(x):
    # tanh approximation from the paper (Hendrycks & Gimpel, eq. 3)
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))


# In[3]:


xs = np.linspace(-3, 3, 7)
start = time.perf_counter()
ys = gelu(xs)
print("took", time.perf_counter() - start, "s")
print(ys)


# In[4]:


# plt.plot(xs, ys)
# plt.title("GELU")
# plt.show()


# In[ ]:




