"""Yu-Gi-Oh! (Master Rule): the field of the digest's §3, phases and draws; card play by hand."""
