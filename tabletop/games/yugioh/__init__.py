"""Yu-Gi-Oh! (current Master Rule): the field of the digest's §3, the turn, summons, battle and the chain enforced;
coded effects on the procedure layer, other effects carried out by hand (see DECISIONS.md)."""
