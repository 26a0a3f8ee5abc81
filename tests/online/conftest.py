"""Fixtures for the online package: a real Redis (:mod:`redis_support`)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from redis_support import _shared_redis, kept_redis, own_redis, redis_url  # noqa: F401
