"""Why the system refused a file or a stream, in the project's words (marked for the catalogs)
rather than the C library's English ("No space left on device")."""

from __future__ import annotations

import errno

from tictactoe.core.errors import N_

SYSTEM_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    getattr(errno, "EDQUOT", errno.ENOSPC): N_("the disk is full"),
    errno.EBADF: N_("it is closed"),
    errno.EIO: N_("the device reports an error"),
    errno.EFBIG: N_("the file is too big"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EPIPE: N_("the program reading it has stopped"),
    errno.EACCES: N_("there is no permission for it"),
    errno.EPERM: N_("there is no permission for it"),
    errno.ENOENT: N_("there is no such file or folder"),
    errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.EISDIR: N_("a folder is in its place"),
    errno.ENAMETOOLONG: N_("its name is too long"),
}
"""The English reason (a :func:`~tictactoe.core.errors.N_` message) for each error number
the program says in its own words."""


def system_reason(error: OSError) -> str:
    """Why ``error`` happened: the message of :data:`SYSTEM_REASONS` (to translate where it is
    said), else the system's own words."""
    known = SYSTEM_REASONS.get(error.errno or 0)
    return known if known is not None else error.strerror or str(error)
