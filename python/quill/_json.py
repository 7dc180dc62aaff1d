"""The JSON Lines form of quill's values, shared by the ctypes structs (_native) and the dataclasses
(_values) so that neither module imports the other."""
from __future__ import annotations

from typing import Any, Dict


def _sample_dict(s: Any) -> Dict[str, Any]:
    """A sample (quill.Sample or the raw _native._Sample: both have quill.h's fields, with phase, tool
    and buttons as enums) with the keys and values of ``quill samples`` JSON Lines."""
    return {"t": s.time, "x": s.x, "y": s.y, "x_mm": s.x_mm, "y_mm": s.y_mm, "phase": s.phase.cli_name,
            "tool": s.tool.cli_name, "force": s.force, "pressure": s.pressure, "altitude": s.altitude,
            "azimuth": s.azimuth, "roll": s.roll, "distance": s.distance, "buttons": s.buttons.cli_names,
            "device": s.device, "serial": s.serial, "wheel": s.wheel, "tool_id": s.tool_id}
