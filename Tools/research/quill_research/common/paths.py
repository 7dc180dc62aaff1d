"""Where the repository is, for scripts that read its files or write its resources.

Valid when the package runs from the source tree (`python3 -m quill_research.…` from
Tools/research, or an editable install: `pip install -e Tools/research`).
"""
from pathlib import Path

__all__ = ["REPOSITORY", "RESEARCH", "TOOLS"]

RESEARCH = Path(__file__).resolve().parents[2]  # Tools/research
TOOLS = RESEARCH.parent                          # Tools
REPOSITORY = TOOLS.parent                        # the checkout's root
