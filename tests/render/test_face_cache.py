"""The disk cache of faces and the user's scans."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image

from tabletop.engine.cards import CardDefinition
from tabletop.render import RENDERER_VERSION, FaceCache
from tabletop.render import face_cache as face_cache_module

CARD = CardDefinition(id="FF-001", game="fftcg", name="Ashen Blade Kuro", card_type="forward", cost=2,
                      stats={"power": 5000}, attributes={"element": ["fire"]}, text="Deal 2000 damage.")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = face_cache_module.render_card

    def counting(definition: CardDefinition, size: tuple[int, int]) -> Image.Image:
        calls.append(definition.id)
        return real(definition, size)

    monkeypatch.setattr(face_cache_module, "render_card", counting)
    return calls


def test_a_face_is_drawn_once_then_read_from_disk(tmp_path: Path, counted: list[str]) -> None:
    cache = FaceCache(tmp_path / "faces")
    first = cache.face(CARD, (200, 280))
    second = FaceCache(tmp_path / "faces").face(CARD, (200, 280))
    assert counted == ["FF-001"]
    assert first.tobytes() == second.tobytes()
    path = cache.path_for(CARD, (200, 280))
    assert path.is_file() and f"_200x280_r{RENDERER_VERSION}_" in path.name and path.parent.name == "fftcg"


def test_size_and_card_data_are_part_of_the_key(tmp_path: Path, counted: list[str]) -> None:
    cache = FaceCache(tmp_path)
    cache.face(CARD, (200, 280))
    cache.face(CARD, (100, 140))
    cache.face(dataclasses.replace(CARD, text="Draw 1 card."), (200, 280))
    assert len(counted) == 3


def test_a_damaged_cache_file_is_drawn_again(tmp_path: Path, counted: list[str]) -> None:
    cache = FaceCache(tmp_path)
    path = cache.path_for(CARD, (200, 280))
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a png")
    assert cache.face(CARD, (200, 280)).size == (200, 280)
    assert counted == ["FF-001"]
    with Image.open(path) as image:
        assert image.size == (200, 280)


def test_a_scan_in_the_image_folder_wins(tmp_path: Path, counted: list[str]) -> None:
    scans = tmp_path / "scans"
    scans.mkdir()
    Image.new("RGB", (630, 880), (10, 200, 30)).save(scans / "FF-001.jpg")
    face = FaceCache(tmp_path / "faces", image_folder=scans).face(CARD, (200, 280))
    assert face.size == (200, 280)
    r, g, b = face.getpixel((100, 140))  # type: ignore[misc]
    assert g > 180 and r < 40
    assert counted == []


def test_a_scan_in_the_game_subfolder_and_an_unreadable_scan(tmp_path: Path, counted: list[str]) -> None:
    scans = tmp_path / "scans"
    (scans / "fftcg").mkdir(parents=True)
    Image.new("RGB", (63, 88), (0, 0, 255)).save(scans / "fftcg" / "FF-001.png")
    assert FaceCache(tmp_path / "f", image_folder=scans).face(CARD, (63, 88)).getpixel((30, 40)) == (0, 0, 255)
    (scans / "fftcg" / "FF-001.png").write_bytes(b"broken")
    assert FaceCache(tmp_path / "f", image_folder=scans).face(CARD, (63, 88)).size == (63, 88)
    assert counted == ["FF-001"]


def test_ids_that_are_not_file_names_stay_apart(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    a = cache.path_for(dataclasses.replace(CARD, id="1/2"), (63, 88))
    b = cache.path_for(dataclasses.replace(CARD, id="1:2"), (63, 88))
    assert a != b and a.parent == tmp_path / "fftcg" and "/" not in a.name


def test_backs_are_cached(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    back = cache.back("yugioh", (100, 140))
    assert back.size == (100, 140)
    assert (tmp_path / "yugioh" / f"back_100x140_r{RENDERER_VERSION}.png").is_file()
