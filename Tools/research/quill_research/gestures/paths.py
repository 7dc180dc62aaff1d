"""Where the scratch-out measurement reads and writes (environment variables override)."""
import os

from quill_research.common.paths import REPOSITORY as _REPOSITORY

REPOSITORY = str(_REPOSITORY)
UNIPEN_ROOT = os.environ.get("UNIPEN_ROOT", "/tmp/up1")  # train_r01_v07 extracted (its data/ inside)
WORK = os.environ.get("GESTURES_WORK", "/tmp/quill-gestures")  # strokes.pkl, scan.pkl, validation.json
QUILL = os.environ.get("QUILL", os.path.join(REPOSITORY, ".build", "release", "quill"))


def work(name):
    """WORK/name (WORK is created on first use)."""
    os.makedirs(WORK, exist_ok=True)
    return os.path.join(WORK, name)
