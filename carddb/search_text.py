"""The text the full-text index holds and the FTS5 expression a typed query becomes.

Both sides are NFKC-normalised (full-width `Ｄｒａｇｏｎ` is `Dragon`, half-width kana are
full-width). Chinese, Japanese and Korean script has no spaces between words, so every
character of those scripts is indexed as a token of its own: a query of CJK characters
becomes a phrase of adjacent characters, which finds it anywhere inside a sentence (any
length, one character included) — the substring search a trigram index gives for three
characters or more, with the standard `unicode61` tokenizer.
"""
from __future__ import annotations

import re
import unicodedata

# Scripts written without spaces between words: kana, CJK ideographs (with 々 〆 〇), Hangul,
# Bopomofo and the CJK extension planes. One token per character.
_CJK_CHARS = (
    "\u3005-\u3007\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31bf\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f"
)
_CJK_CHAR = re.compile(f"([{_CJK_CHARS}])")
_WORD = re.compile(r"\w[\w'’-]*", re.UNICODE)


def index_text(text: str) -> str:
    """Return `text` as the full-text index stores it: NFKC, each CJK character spaced apart."""
    return _CJK_CHAR.sub(r" \1 ", unicodedata.normalize("NFKC", text or ""))


def fts_query(query: str) -> str:
    """Turn what a player typed into an FTS5 expression: every word must appear.

    A word of letters matches as a prefix (`drag` finds Dragon); a run of CJK characters
    matches as a substring. Operators and quotes the player typed are taken literally,
    so no input is an FTS syntax error.
    """
    terms = []
    for word in _WORD.findall(unicodedata.normalize("NFKC", query)):
        pieces = index_text(word).split()
        phrase = '"' + " ".join(pieces).replace('"', '""') + '"'
        # A trailing CJK character is a whole token: a prefix star would add nothing but cost.
        terms.append(phrase if _CJK_CHAR.fullmatch(pieces[-1]) else phrase + "*")
    return " ".join(terms)
