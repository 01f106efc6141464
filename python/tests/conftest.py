import os
import sys

sys.path.insert(0, os.path.dirname(__file__))


def pytest_terminal_summary(terminalreporter):
    # The random-program oracle's categories (test_random_programs.py).
    module = sys.modules.get("test_random_programs")
    if module is None or not module.COUNTS:
        return
    terminalreporter.section("random programs")
    for key, count in sorted(module.COUNTS.items()):
        terminalreporter.write_line(f"{count:6d}  {key}")
