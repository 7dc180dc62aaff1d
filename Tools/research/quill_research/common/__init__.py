"""What every research script shares: the UNIPEN reader (unipen), the evemu writer (evemu), the
reserved writers (reserved.RESERVED_WRITERS) and the repository's paths (paths). Standard library only."""
