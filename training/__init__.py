"""Training code for the models that ``contracts/`` ships (never imported at run time)."""
