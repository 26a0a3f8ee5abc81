"""Save a rectangle of an X display as a PNG, with nothing but libX11 (ctypes) and zlib.

Used by ``scripts/screenshots.py`` so the screenshots need no ImageMagick or
Pillow::

    python scripts/x11_capture.py :99 out.png            # the whole screen
    python scripts/x11_capture.py :99 out.png 10 20 400 300   # x y width height
"""

from __future__ import annotations

import ctypes
import ctypes.util
import struct
import sys
import zlib
from pathlib import Path

Z_PIXMAP = 2
ALL_PLANES = 0xFFFFFFFFFFFFFFFF


class XImage(ctypes.Structure):
    """The start of Xlib's XImage (the fields read here)."""

    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.POINTER(ctypes.c_ubyte)),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong),
        ("green_mask", ctypes.c_ulong),
        ("blue_mask", ctypes.c_ulong),
    ]


def _xlib() -> ctypes.CDLL:
    name = ctypes.util.find_library("X11")
    if name is None:
        raise OSError("libX11 is not installed")
    xlib = ctypes.CDLL(name)
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XGetImage.restype = ctypes.POINTER(XImage)
    xlib.XGetImage.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.c_uint,
        ctypes.c_ulong,
        ctypes.c_int,
    ]
    xlib.XFree.argtypes = [ctypes.c_void_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xlib.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
    xlib.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return xlib


def grab(display: str, box: tuple[int, int, int, int] | None = None) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of ``box`` (x, y, width, height; default: the whole screen)."""
    xlib = _xlib()
    handle = xlib.XOpenDisplay(display.encode())
    if not handle:
        raise OSError(f"cannot open display {display}")
    try:
        if box is None:
            box = (0, 0, xlib.XDisplayWidth(handle, 0), xlib.XDisplayHeight(handle, 0))
        x, y, width, height = box
        root = xlib.XDefaultRootWindow(handle)
        image = xlib.XGetImage(handle, root, x, y, width, height, ALL_PLANES, Z_PIXMAP)
        if not image:
            raise OSError(f"cannot read {box} of display {display}")
        try:
            info = image.contents
            if info.bits_per_pixel != 32:
                raise OSError(f"{info.bits_per_pixel} bits per pixel: only 32 is supported")
            stride = info.bytes_per_line
            raw = ctypes.string_at(info.data, stride * height)
            rgb = bytearray()
            for row in range(height):
                line = raw[row * stride : row * stride + width * 4]
                for column in range(0, len(line), 4):  # B G R X, little-endian
                    rgb += bytes((line[column + 2], line[column + 1], line[column]))
        finally:
            xlib.XFree(ctypes.cast(image.contents.data, ctypes.c_void_p))
            xlib.XFree(ctypes.cast(image, ctypes.c_void_p))
    finally:
        xlib.XCloseDisplay(handle)
    return width, height, bytes(rgb)


def png(width: int, height: int, rgb: bytes) -> bytes:
    """The bytes of a PNG file of ``rgb`` pixels."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    stride = width * 3
    rows = b"".join(b"\x00" + rgb[row * stride : (row + 1) * stride] for row in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def save(display: str, path: Path, box: tuple[int, int, int, int] | None = None) -> None:
    """Write ``box`` of ``display`` to ``path`` as a PNG."""
    path.write_bytes(png(*grab(display, box)))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    area = tuple(int(a) for a in arguments[2:6]) if len(arguments) >= 6 else None
    save(arguments[0], Path(arguments[1]), area)  # type: ignore[arg-type]
