# coding: utf-8

# In[1]:


import time
import torch
import torch.nn.functional as F


# In[2]:


def gelu(x):
    return F.gelu(x, approximate="tanh")


# In[3]:


t0 = time.perf_counter()
print(gelu(torch.linspace(-3, 3, 7)), time.perf_counter() - t0)
