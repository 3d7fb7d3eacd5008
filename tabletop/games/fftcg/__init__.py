"""Final Fantasy TCG: rules, CP payment, combat, the stack and the effect vocabulary."""
