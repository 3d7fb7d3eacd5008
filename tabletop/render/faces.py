"""Readable card faces and backs drawn from card data with Pillow (used when no scan exists)."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from tabletop.engine.cards import CardDefinition
from tabletop.render.fonts import AnyFont, font
from tabletop.render.palette import (
    GAME_COLOURS, NEUTRAL, RGB, accent_colour, frame_colour, ink_for, mix, trigger_colour,
)

# Bump whenever a drawing change should invalidate faces cached on disk.
RENDERER_VERSION = 4

PARCHMENT: RGB = (246, 241, 228)
INK: RGB = (24, 24, 28)
GAME_TITLES: dict[str, str] = {
    "vanguard": "CARDFIGHT VANGUARD", "fftcg": "FINAL FANTASY TCG", "yugioh": "YU-GI-OH!",
    "grand-archive": "GRAND ARCHIVE", "dreadnought": "DREADNOUGHT", "freeform": "TABLETOP",
}


def render_card(definition: CardDefinition, size: tuple[int, int]) -> Image.Image:
    """Draw a face showing name, cost, type line, keywords, rules text and stats, fitted to `size`."""
    width, height = _checked(size)
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    frame = frame_colour(definition)
    accent = accent_colour(definition)
    margin = max(3, round(width * 0.045))
    radius = max(4, round(width * 0.05))
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=frame, outline=mix(frame, (0, 0, 0), 0.5))

    # Name bar with the cost gem on the left.
    bar_h = max(12, round(height * 0.085))
    top = margin
    bar = (margin, top, width - margin, top + bar_h)
    draw.rounded_rectangle(bar, radius=max(2, bar_h // 4), fill=accent, outline=mix(accent, (0, 0, 0), 0.4))
    left = bar[0] + max(2, bar_h // 6)
    if definition.cost is not None:
        gem = bar_h - 2
        gem_fill = _cost_colour(definition)
        draw.ellipse((left, top + 1, left + gem, top + 1 + gem), fill=gem_fill, outline=INK, width=max(1, gem // 14))
        _centered(draw, str(definition.cost), (left, top + 1, left + gem, top + 1 + gem), font(round(gem * 0.62), bold=True), ink_for(gem_fill))
        left += gem + max(2, bar_h // 5)
    name_box = (left, top, bar[2] - max(2, bar_h // 5), top + bar_h)
    name_font = _fit_line(draw, definition.name, name_box[2] - name_box[0], round(bar_h * 0.58), 7, bold=True)
    _left_aligned(draw, definition.name, name_box, name_font, ink_for(accent))

    # Type line.
    top = bar[3] + max(1, margin // 3)
    line_h = max(9, round(height * 0.05))
    type_box = (margin, top, width - margin, top + line_h)
    draw.rectangle(type_box, fill=mix(PARCHMENT, accent, 0.18))
    subtitle = _subtitle(definition)
    type_font = _fit_line(draw, subtitle, type_box[2] - type_box[0] - 6, round(line_h * 0.62), 6)
    _left_aligned(draw, subtitle, (type_box[0] + 3, type_box[1], type_box[2], type_box[3]), type_font, INK)

    # Art panel: a tint of the frame with the card's initials and, for triggers, the trigger icon.
    # It gives up height to long rules texts so that they stay readable.
    top = type_box[3] + max(1, margin // 3)
    stats = _stats(definition)
    stats_h = max(12, round(height * 0.075)) if stats else 0
    art_h = _art_height(draw, definition, width - 2 * margin - 8, height - margin - stats_h - top, height)
    art = (margin, top, width - margin, top + art_h)
    _gradient(image, art, mix(frame, (255, 255, 255), 0.55), mix(accent, (255, 255, 255), 0.15))
    draw.rectangle(art, outline=mix(frame, (0, 0, 0), 0.35))
    _art_marks(draw, definition, art)

    # Keyword markers.
    top = art[3] + max(2, margin // 2)
    pills_bottom = _keyword_pills(draw, definition, (margin, top, width - margin), round(height * 0.034))

    # Stats bar at the bottom, rules text in between.
    stats_box = (margin, height - margin - stats_h, width - margin, height - margin)
    text_box = (margin, pills_bottom + max(2, margin // 3), width - margin, stats_box[1] - max(2, margin // 3))
    draw.rectangle(text_box, fill=PARCHMENT, outline=mix(frame, (0, 0, 0), 0.35))
    id_font = font(max(6, round(height * 0.022)), text=definition.id)
    id_h = _text_height(draw, "Ag", id_font)
    inner = (text_box[0] + 4, text_box[1] + 3, text_box[2] - 4, text_box[3] - id_h - 4)
    _rules_text(draw, definition.text, inner, round(height * 0.042), 6)
    id_width = draw.textlength(definition.id, font=id_font)
    draw.text((text_box[2] - 4 - id_width, text_box[3] - id_h - 3), definition.id, font=id_font, fill=(110, 110, 110))
    if stats:
        _stats_bar(draw, stats, stats_box, frame)
    return image


def render_back(game: str, size: tuple[int, int]) -> Image.Image:
    """Draw the back of a card of `game`: the game colour, a pattern and the game's name."""
    width, height = _checked(size)
    base = GAME_COLOURS.get(game, NEUTRAL)
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    radius = max(4, round(width * 0.05))
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=mix(base, (0, 0, 0), 0.35))
    margin = max(4, round(width * 0.06))
    inner = (margin, margin, width - margin, height - margin)
    panel = Image.new("RGB", (inner[2] - inner[0], inner[3] - inner[1]))
    _gradient(panel, (0, 0, panel.width, panel.height), mix(base, (255, 255, 255), 0.15), mix(base, (0, 0, 0), 0.2))
    panel_draw = ImageDraw.Draw(panel)
    step = max(6, width // 12)
    for offset in range(-panel.height, panel.width, step):
        panel_draw.line((offset, 0, offset + panel.height, panel.height), fill=mix(base, (255, 255, 255), 0.25), width=1)
    image.paste(panel, inner[:2])
    draw.rectangle(inner, outline=mix(base, (255, 255, 255), 0.6), width=max(1, width // 120))
    for ring in range(3):
        inset = round(width * (0.22 + ring * 0.07))
        draw.ellipse((inset, height // 2 - (width // 2 - inset), width - inset, height // 2 + (width // 2 - inset)),
                     outline=mix(base, (255, 255, 255), 0.5 + ring * 0.15), width=max(1, width // 100))
    title = GAME_TITLES.get(game, game.upper())
    band = (inner[0], height // 2 - round(height * 0.05), inner[2], height // 2 + round(height * 0.05))
    draw.rectangle(band, fill=mix(base, (0, 0, 0), 0.45))
    title_font = _fit_line(draw, title, band[2] - band[0] - 8, round(height * 0.06), 6, bold=True)
    _centered(draw, title, band, title_font, (245, 240, 225))
    return image


# --- what a face says --------------------------------------------------------------------------

def _label(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "/".join(str(v) for v in value)
    return str(value)


def _subtitle(card: CardDefinition) -> str:
    a = card.attributes
    kind = card.card_type.replace("_", " ").title()
    parts: list[str] = []
    if card.game == "vanguard":
        grade = card.stats.get("grade")
        if grade is not None:
            parts.append(f"Grade {grade}")
        if a.get("trigger"):
            parts.append(f"{str(a['trigger']).title()} Trigger")
        else:
            parts.append(kind if card.card_type != "order" else f"{str(a.get('order_type', '')).title()} Order")
        parts += [str(v) for v in (a.get("clan") or a.get("nation"), a.get("race")) if v]
    elif card.game == "fftcg":
        parts.append(kind)
        parts += [str(v) for v in (a.get("job"), _label(a.get("element", "")).title()) if v]
        if a.get("ex_burst"):
            parts.append("EX BURST")
    elif card.game == "yugioh":
        if card.card_type in ("spell", "trap"):
            parts.append(f"{str(a.get('property', 'normal')).replace('_', '-').title()} {kind}")
        else:
            if a.get("attribute"):
                parts.append(str(a["attribute"]).upper())
            race = str(a.get("race", ""))
            parts.append(f"{race} / {kind.replace(' Monster', '')}" if race else kind)
            for stat, word in (("level", "Level"), ("rank", "Rank"), ("link", "Link")):
                if stat in card.stats:
                    parts.append(f"{word} {card.stats[stat]}")
            if "scale" in card.stats:
                parts.append(f"Scale {card.stats['scale']}")
    elif card.game == "grand-archive":
        supertypes = " ".join(str(s).title() for s in a.get("supertypes") or [])
        parts.append(f"{supertypes} {kind}".strip())
        for key in ("classes", "subtypes"):
            if a.get(key):
                parts.append(_label(a[key]))
        if a.get("element"):
            parts.append(_label(a["element"]).title())
        if a.get("speed"):
            parts.append(str(a["speed"]).title())
    elif card.game == "dreadnought":
        parts.append(f"{kind} ({a['size']})" if a.get("size") else kind)
        clusters = a.get("cluster")
        parts.append(_label(clusters).title() if clusters else "No cluster")
        if a.get("timing"):
            parts.append(str(a["timing"]).title())
    else:
        parts.append(kind)
    return " · ".join(p for p in parts if p)


STAT_LABELS: dict[str, tuple[tuple[str, str], ...]] = {
    "vanguard": (("power", "PWR"), ("shield", "SHLD"), ("critical", "CRIT")),
    "fftcg": (("power", "POWER"),),
    "yugioh": (("atk", "ATK"), ("def", "DEF"), ("link", "LINK")),
    "grand-archive": (("level", "LV"), ("power", "POW"), ("life", "LIFE"), ("durability", "DUR")),
    "dreadnought": (("bp", "BP"), ("sp", "SP"), ("hp", "HP")),
}


def _stats(card: CardDefinition) -> list[tuple[str, str]]:
    labels = STAT_LABELS.get(card.game)
    if labels is None:
        return [(key.upper(), str(value)) for key, value in card.stats.items()]
    return [(label, str(card.stats[key])) for key, label in labels if key in card.stats]


def _keyword_label(name: str, value: Any) -> str:
    label = name.replace("_", " ").title()
    if value is True or value is None:
        return label
    if isinstance(value, Mapping):
        value = " ".join(f"{k} {v}" for k, v in value.items())
    text = str(value)
    return f"{label} {text}" if len(text) <= 10 else label


def _cost_colour(card: CardDefinition) -> RGB:
    if card.game == "grand-archive":
        return (70, 112, 204) if card.attributes.get("cost_kind") == "memory" else (228, 190, 70)
    if card.game == "fftcg":
        return mix(frame_colour(card), (255, 255, 255), 0.25)
    return (245, 245, 240)


# --- drawing helpers ---------------------------------------------------------------------------

def _checked(size: tuple[int, int]) -> tuple[int, int]:
    width, height = int(size[0]), int(size[1])
    if width < 40 or height < 56:
        raise ValueError(f"a card face needs at least 40x56 pixels, got {width}x{height}")
    return width, height


def _text_height(draw: ImageDraw.ImageDraw, text: str, face: AnyFont) -> int:
    box = draw.textbbox((0, 0), text, font=face)
    return box[3] - box[1]


def _fit_line(draw: ImageDraw.ImageDraw, text: str, width: int, start: int, smallest: int, bold: bool = False) -> AnyFont:
    size = max(smallest, start)
    while size > smallest and draw.textlength(text, font=font(size, bold, text)) > width:
        size -= 1
    return font(size, bold, text)


def _centered(draw: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int, int], face: AnyFont, fill: RGB) -> None:
    draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=face, fill=fill, anchor="mm")


def _left_aligned(draw: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int, int], face: AnyFont, fill: RGB) -> None:
    text = _ellipsize(draw, text, face, box[2] - box[0])
    draw.text((box[0], (box[1] + box[3]) / 2), text, font=face, fill=fill, anchor="lm")


def _ellipsize(draw: ImageDraw.ImageDraw, text: str, face: AnyFont, width: int) -> str:
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _gradient(image: Image.Image, box: tuple[int, int, int, int], top: RGB, bottom: RGB) -> None:
    draw = ImageDraw.Draw(image)
    height = max(1, box[3] - box[1])
    for row in range(box[1], box[3] + 1):
        draw.line((box[0], row, box[2], row), fill=mix(top, bottom, (row - box[1]) / height))


def _art_marks(draw: ImageDraw.ImageDraw, card: CardDefinition, art: tuple[int, int, int, int]) -> None:
    words = [w for w in card.name.replace(",", " ").split() if w[:1].isalnum()]
    initials = "".join(w[0].upper() for w in words[:2]) or "?"
    art_h = art[3] - art[1]
    tint = mix(frame_colour(card), (255, 255, 255), 0.8)
    _centered(draw, initials, art, font(round(art_h * 0.55), bold=True, text=initials), mix(tint, (0, 0, 0), 0.25))
    trigger = card.attributes.get("trigger")
    if card.game == "vanguard" and trigger:
        diameter = round(art_h * 0.42)
        box = (art[2] - diameter - 4, art[1] + 4, art[2] - 4, art[1] + 4 + diameter)
        colour = trigger_colour(str(trigger))
        draw.ellipse(box, fill=colour, outline=INK, width=max(1, diameter // 16))
        label = str(trigger).upper()
        _centered(draw, label, box, _fit_line(draw, label, diameter - 6, round(diameter * 0.3), 6, bold=True), ink_for(colour))
    arrows = card.attributes.get("link_markers") or card.attributes.get("link_arrows")
    if card.game == "yugioh" and arrows:
        _link_arrows(draw, {str(a).replace("-", "_").lower() for a in arrows}, art)
    marks = []
    if card.attributes.get("gift"):
        marks.append(f"GIFT: {str(card.attributes['gift']).upper()}")
    if card.attributes.get("multi_copy"):
        marks.append("MULTI")
    if marks:
        text = "  ".join(marks)
        draw.text((art[0] + 4, art[3] - 4), text, font=font(max(6, round(art_h * 0.1)), bold=True, text=text), fill=INK, anchor="ld")


# Yu-Gi-Oh! Link arrows: where each of the eight points, as (column, row) steps from the art panel's centre.
_LINK_ARROWS = {"top_left": (-1, -1), "top": (0, -1), "top_right": (1, -1), "left": (-1, 0), "right": (1, 0),
                "bottom_left": (-1, 1), "bottom": (0, 1), "bottom_right": (1, 1)}
LINK_ARROW_ON = (214, 40, 40)


def _link_arrows(draw: ImageDraw.ImageDraw, pointing: set[str], art: tuple[int, int, int, int]) -> None:
    """Draw a Link Monster's eight arrow places around its art: those it points to red, the others faint."""
    cx, cy = (art[0] + art[2]) / 2, (art[1] + art[3]) / 2
    half_w, half_h = (art[2] - art[0]) / 2, (art[3] - art[1]) / 2
    size = max(3.0, min(half_w, half_h) * 0.22)
    faint = (205, 205, 205)
    for name, (dx, dy) in _LINK_ARROWS.items():
        tip_x, tip_y = cx + dx * (half_w - 2), cy + dy * (half_h - 2)
        length = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / length, dy / length            # towards the tip
        base_x, base_y = tip_x - ux * size * 1.3, tip_y - uy * size * 1.3
        points = [(tip_x, tip_y), (base_x - uy * size, base_y + ux * size), (base_x + uy * size, base_y - ux * size)]
        on = name in pointing
        draw.polygon(points, fill=LINK_ARROW_ON if on else faint, outline=INK if on else mix(faint, INK, 0.3))


def _keyword_pills(draw: ImageDraw.ImageDraw, card: CardDefinition, area: tuple[int, int, int], size: int) -> int:
    """Draw one rounded marker per keyword, on at most two rows; return the bottom edge used."""
    left, top, right = area
    if not card.keywords:
        return top
    labels = [_keyword_label(name, value) for name, value in card.keywords.items()]
    face = font(max(6, size), bold=True, text="".join(labels))  # one font, so that every pill is as tall
    pad = max(2, size // 3)
    pill_h = _text_height(draw, "Ag", face) + 2 * pad
    x, y, rows = left, top, 1
    for label in labels:
        pill_w = round(draw.textlength(label, font=face)) + 2 * pad + 2
        if x + pill_w > right and x > left:
            if rows == 2:
                draw.text((x, y + pill_h / 2), "…", font=face, fill=INK, anchor="lm")
                break
            rows, x, y = rows + 1, left, y + pill_h + 2
        pill_w = min(pill_w, right - left)
        draw.rounded_rectangle((x, y, x + pill_w, y + pill_h), radius=pill_h // 2, fill=(40, 40, 48), outline=(250, 230, 160))
        draw.text((x + pill_w / 2, y + pill_h / 2), _ellipsize(draw, label, face, pill_w - 2 * pad), font=face, fill=(250, 240, 210), anchor="mm")
        x += pill_w + 3
    return y + pill_h


def _art_height(draw: ImageDraw.ImageDraw, card: CardDefinition, text_width: int, room: int, height: int) -> int:
    """Return the tallest art panel (27%, 18% or 10% of the card) that leaves the rules text readable."""
    readable = max(8, round(height * 0.036))
    text = card.text
    rows = 2 if len(card.keywords) > 3 else 1 if card.keywords else 0
    for share in (0.27, 0.18, 0.10):
        art_h = round(height * share)
        text_h = room - art_h - rows * round(height * 0.05) - round(height * 0.05)
        lines = _wrap(draw, text, font(readable, text=text), text_width) if text.strip() else []
        if len(lines) * round(readable * 1.18) <= text_h:
            return art_h
    return round(height * 0.10)


# Han and kana lines break between any two characters, but not before a closing mark nor after an
# opening one (kinsoku); Hangul, like Latin, breaks at spaces.
_OPENING = "「『（【《〈〔［｛“‘"
_CLOSING = "、。，．・：；！？」』）】》〉〕］｝”’ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
_IDEOGRAPHIC = "\u2e80-\u2fff\u3001-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60"
_PIECE = re.compile(rf"[{_OPENING}]*(?:[{_IDEOGRAPHIC}]|[^\s{_IDEOGRAPHIC}]+)[{_CLOSING}]*")


def _pieces(paragraph: str) -> list[tuple[str, bool]]:
    """Split a paragraph into the pieces a line may break between, each with whether a space precedes it."""
    return [(m.group(), m.start() > 0 and paragraph[m.start() - 1].isspace()) for m in _PIECE.finditer(paragraph)]


def _wrap(draw: ImageDraw.ImageDraw, text: str, face: AnyFont, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word, spaced in _pieces(paragraph):
            while draw.textlength(word, font=face) > width and len(word) > 1:  # a word wider than the box
                cut = len(word) - 1
                while cut > 1 and draw.textlength(word[:cut] + "-", font=face) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut] + "-")
                word = word[cut:]
            candidate = f"{line} {word}" if spaced and line else line + word
            if draw.textlength(candidate, font=face) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _rules_text(draw: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int, int], start: int, smallest: int) -> None:
    """Wrap `text` into `box`, shrinking the font until it fits; below `smallest` cut with an ellipsis."""
    if not text.strip():
        return
    width, height = box[2] - box[0], box[3] - box[1]
    for size in range(max(start, smallest), smallest - 1, -1):
        face = font(size, text=text)
        line_h = round(size * 1.18)
        lines = _wrap(draw, text, face, width)
        if len(lines) * line_h <= height:
            break
    else:
        keep = max(1, height // line_h)
        lines = lines[:keep]
        lines[-1] = _ellipsize(draw, lines[-1] + "…", face, width)
    y = box[1]
    for line in lines:
        draw.text((box[0], y), line, font=face, fill=INK)
        y += line_h


def _stats_bar(draw: ImageDraw.ImageDraw, stats: list[tuple[str, str]], box: tuple[int, int, int, int], frame: RGB) -> None:
    fill = mix(frame, (0, 0, 0), 0.55)
    draw.rounded_rectangle(box, radius=max(2, (box[3] - box[1]) // 3), fill=fill)
    bar_h = box[3] - box[1]
    # Labelled cells when they fit at a readable size; a small card drops the labels, then the later stats
    # (the table shows its current values as badges), so no two cells run into each other.
    for texts in ([f"{label} {value}" for label, value in stats], [value for _, value in stats],
                  [value for _, value in stats[:1]]):
        cell = (box[2] - box[0]) / len(texts)
        widest = max(texts, key=lambda t: draw.textlength(t, font=font(20, True)))
        face = _fit_line(draw, widest, round(cell) - 6, round(bar_h * 0.56), 6, bold=True)  # one size for all cells
        if draw.textlength(widest, font=face) <= cell - 4 and getattr(face, "size", 8) >= min(8, round(bar_h * 0.56)):
            break
    for index, text in enumerate(texts):
        cell_box = (round(box[0] + index * cell), box[1], round(box[0] + (index + 1) * cell), box[3])
        _centered(draw, text, cell_box, face, (250, 246, 230))
