"""Quill's research scripts as one package: measurements, model training and fixture generators.

Not shipped with Quill. Run a script as a module from Tools/research (or anywhere after
`pip install -e Tools/research`): `python3 -m quill_research.<subpackage>.<module> --help`.
See Tools/research/README.md.
"""
