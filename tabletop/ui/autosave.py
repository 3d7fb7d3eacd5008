"""Autosave: every open game has its own autosave file, locked by the window playing it.

A slot is `autosave-<stamp>.ttgame` in the autosave folder with a `.lock` beside it, held (an OS file lock,
released by the system when the process dies, even by SIGKILL) while its game is open; so two windows
never write one file, and a window offers to resume only the autosaves no running window holds.
Writes go through `write_atomically` (temp file + rename) on a thread of the slot's own, so the window never
waits for the disk after a move; a kill mid-write can leave the temp file, which
`clean_orphaned_temporaries` removes at the next start. A game that ended, or that its window closed
normally, is not offered back: its file moves to the recent games (`recent_games`), from where it can be
opened again.
"""
from __future__ import annotations

import os
import threading
import time
import uuid
from pathlib import Path

import platformdirs

from tabletop.engine.atomic_write import write_atomically
from tabletop.engine.game import Game
from tabletop.engine.record import RecordText

AUTOSAVE_PREFIX = "autosave-"
AUTOSAVE_SUFFIX = ".ttgame"
LOCK_SUFFIX = ".lock"
TEMPORARY_SUFFIX = ".tmp"   # what write_atomically names its temporary files: `.NAME.<random>.tmp`
RECENT_FOLDER = "recent"    # inside the autosave folder: finished and normally closed games
RECENT_KEPT = 20

if os.name == "nt":  # pragma: no cover - the tests run on POSIX
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)   # per open file: a second window in one process fails too
        except OSError:
            return False
        return True


def autosave_folder() -> Path:
    """Return the folder of the autosaves (in the user data directory of tabletop)."""
    return platformdirs.user_data_path("tabletop", appauthor=False) / "autosaves"


def adopt_earlier_autosave(folder: Path) -> Path | None:
    """Move the single `autosave.ttgame` of earlier versions (beside `folder`) into `folder` as a waiting autosave."""
    folder = Path(folder)
    earlier = folder.parent / "autosave.ttgame"
    if not earlier.is_file():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    adopted = folder / f"{AUTOSAVE_PREFIX}earlier{AUTOSAVE_SUFFIX}"
    os.replace(earlier, adopted)
    for temporary in folder.parent.glob(f".{earlier.name}.*{TEMPORARY_SUFFIX}"):
        temporary.unlink(missing_ok=True)
    return adopted


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def _acquire(path: Path) -> int | None:
    """Lock the slot of autosave `path`; return the lock's descriptor, or None when a running window holds it."""
    lock = _lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    if not _try_lock(fd):
        os.close(fd)
        return None
    try:
        same_file = os.fstat(fd).st_ino == os.stat(lock).st_ino
    except FileNotFoundError:   # the holder released and removed it between our open and our lock
        same_file = False
    if not same_file and os.name != "nt":
        os.close(fd)
        return _acquire(path)
    return fd


class _Writer:
    """Writes the newest text of one file on a thread of its own, one write at a time (a newer text submitted
    while one is written replaces any still waiting). Contract: `flush` returns once all submitted is on disk;
    a write's OSError is raised by the next `submit` or `flush`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._changed = threading.Condition()
        self._pending: str | None = None
        self._busy = False
        self._closed = False
        self._error: OSError | None = None
        self._thread: threading.Thread | None = None

    def submit(self, text: str) -> None:
        """Have `text` written to the file soon."""
        with self._changed:
            self._raise_error()
            self._pending = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=f"autosave {self.path.name}", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self) -> None:
        """Wait until everything submitted is written."""
        with self._changed:
            while self._pending is not None or self._busy:
                self._changed.wait()
            self._raise_error()

    def close(self) -> None:
        """Write what is waiting, then let the thread end."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _run(self) -> None:
        while True:
            with self._changed:
                while self._pending is None and not self._closed:
                    self._changed.wait()
                if self._pending is None:
                    return
                text, self._pending, self._busy = self._pending, None, True
            try:
                write_atomically(self.path, text)
            except OSError as error:
                self._error = error
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()


class AutosaveSlot:
    """One open game's autosave file, held under a lock while this process has it open.

    Contract: `release` (or the end of the process) frees it; the file stays for a later resume
    unless `discard` removed it. `save` returns before the file is written (`flush` waits for it).
    """

    def __init__(self, path: Path, lock_fd: int) -> None:
        self.path = path
        self._lock_fd: int | None = lock_fd
        self._text = RecordText()
        self._writer = _Writer(path)

    @classmethod
    def create(cls, folder: Path) -> AutosaveSlot:
        """Return a new slot with a name no other game uses, locked by this process."""
        while True:
            name = f"{AUTOSAVE_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}{AUTOSAVE_SUFFIX}"
            path = Path(folder) / name
            if path.exists():
                continue
            fd = _acquire(path)
            if fd is not None:
                return cls(path, fd)

    @classmethod
    def claim(cls, path: Path) -> AutosaveSlot | None:
        """Take the slot of an existing autosave (to resume it); None when another window holds it."""
        fd = _acquire(Path(path))
        return None if fd is None else cls(Path(path), fd)

    @property
    def is_held(self) -> bool:
        """Tell whether this process still holds the slot."""
        return self._lock_fd is not None

    def save(self, game: Game) -> None:
        """Have the game's record written into the slot (atomically, off this thread); OSError: an earlier write
        failed."""
        if self._lock_fd is None:
            raise RuntimeError(f"{self.path}: the autosave slot was released")
        self._writer.submit(self._text.text(game))

    def flush(self) -> None:
        """Wait until the last save is on disk; OSError when a write failed."""
        self._writer.flush()

    def discard(self) -> None:
        """Remove the autosave file (the game ended or was abandoned); the slot stays held."""
        self._finish_writes()
        self.path.unlink(missing_ok=True)

    def _finish_writes(self) -> None:
        try:
            self._writer.flush()
        except OSError:
            pass   # the file is going away or moving: a failed last write changes nothing

    def retire(self, keep: int = RECENT_KEPT) -> Path | None:
        """Move the file to the recent games (its game ended or was closed normally) and let go of the slot.

        Returns where it went (None when nothing was saved yet); the oldest beyond `keep` are deleted.
        """
        moved = None
        self._finish_writes()
        if self.path.is_file():
            recent = self.path.parent / RECENT_FOLDER
            recent.mkdir(parents=True, exist_ok=True)
            moved = recent / self.path.name
            os.replace(self.path, moved)
            for old in recent_games(self.path.parent)[keep:]:
                old.unlink(missing_ok=True)
        self.release()
        return moved

    def release(self) -> None:
        """Let go of the slot, its last save written: another window may now resume its file."""
        if self._lock_fd is None:
            return
        self._finish_writes()
        self._writer.close()
        _lock_path(self.path).unlink(missing_ok=True)   # before closing: no one locks a file about to vanish
        os.close(self._lock_fd)
        self._lock_fd = None


def is_held_elsewhere(path: Path) -> bool:
    """Tell whether a running window (this process included) holds the autosave `path`."""
    if not _lock_path(path).exists():
        return False
    slot = AutosaveSlot.claim(path)
    if slot is None:
        return True
    slot._lock_fd, fd = None, slot._lock_fd
    os.close(fd)   # a free lock file is left in place: unlinking it here could race a window taking it
    return False


def waiting_autosaves(folder: Path) -> list[Path]:
    """Return the autosaves no running window holds, newest first: the games to offer to resume."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob(f"{AUTOSAVE_PREFIX}*{AUTOSAVE_SUFFIX}") if p.is_file() and not is_held_elsewhere(p)]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def recent_games(folder: Path) -> list[Path]:
    """Return the finished or normally closed games of the autosave `folder`, newest first."""
    recent = Path(folder) / RECENT_FOLDER
    if not recent.is_dir():
        return []
    found = [p for p in recent.glob(f"{AUTOSAVE_PREFIX}*{AUTOSAVE_SUFFIX}") if p.is_file()]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def clean_orphaned_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files a kill mid-write left in `folder`; a file of a game still open stays.

    Returns the files removed, and lock files of autosaves that are gone.
    """
    folder = Path(folder)
    if not folder.is_dir():
        return []
    removed = []
    for temporary in folder.glob(f".*{TEMPORARY_SUFFIX}"):
        owner = folder / temporary.name[1:].rsplit(".", 2)[0]   # `.NAME.<random>.tmp` belongs to NAME
        if not is_held_elsewhere(owner):
            temporary.unlink(missing_ok=True)
            removed.append(temporary)
    for lock in folder.glob(f"*{LOCK_SUFFIX}"):
        autosave = lock.with_name(lock.name[:-len(LOCK_SUFFIX)])
        if not autosave.exists() and not is_held_elsewhere(autosave):
            lock.unlink(missing_ok=True)
            removed.append(lock)
    return removed
