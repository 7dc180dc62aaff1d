"""Where the scratch-out measurement reads and writes (environment variables override)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.normpath(os.path.join(HERE, "..", ".."))
UNIPEN_ROOT = os.environ.get("UNIPEN_ROOT", "/tmp/up1")  # train_r01_v07 extracted (its data/ inside)
WORK = os.environ.get("GESTURES_WORK", "/tmp/quill-gestures")  # strokes.pkl, scan.pkl, validation.json
QUILL = os.environ.get("QUILL", os.path.join(REPOSITORY, ".build", "release", "quill"))
os.makedirs(WORK, exist_ok=True)


def work(name):
    return os.path.join(WORK, name)
