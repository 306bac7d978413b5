"""Skips that become failures under CI=true.

On a developer's machine a test whose tool (pyffish, an engine binary) is missing is
skipped with its reason. Under CI=true it fails instead: `.ci/run` installs everything the
suite needs, so a green CI run means that every test really ran.
"""

import os
import unittest

IN_CI = os.environ.get("CI", "").lower() == "true"


def requires(condition, reason):
    """Decorator for a test (method or class) that can only run when `condition` holds."""
    if condition:
        return lambda item: item
    if not IN_CI:
        return unittest.skip(reason)

    def fail(item):
        if isinstance(item, type):
            def setUp(self):
                self.fail(f"CI=true and this test cannot run: {reason}")
            item.setUp = setUp
            return item

        def failing(self, *args, **kwargs):
            self.fail(f"CI=true and this test cannot run: {reason}")
        failing.__name__ = item.__name__
        return failing

    return fail
