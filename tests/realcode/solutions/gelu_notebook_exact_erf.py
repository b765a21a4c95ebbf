#!/usr/bin/env python
# coding: utf-8

# In[1]:


import os
import time
import math
import numpy as np


# In[2]:


# GELU(x) = x * Phi(x), Phi = standard normal CDF
_phi = np.vectorize(lambda v: 0.5 * (1.0 + math.erf(v / math.sqrt(2.0))))


def gelu(x):
    return x * _phi(x)


# In[3]:


print(gelu(np.array([-1.0, 0.0, 1.0])))
