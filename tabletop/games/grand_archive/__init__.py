"""Grand Archive: champion, field, memory, material deck and the effects stack; card play by hand."""
