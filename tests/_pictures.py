"""Checks on pictures a test takes, such as a browser's screenshot of a page.

A screenshot is "not blank" when it holds enough distinct colours and enough
pixels that differ from its most common colour (the background): an empty
page, or one whose plots failed to draw, fails both.
"""

import io

from PIL import Image

__all__ = ["assert_not_blank"]


def assert_not_blank(
    png: bytes, *, least_colours: int = 16, least_inked: float = 0.02
) -> None:
    """Fail unless the PNG *png* shows something.

    Args:
        png: The picture, as the bytes of a PNG file.
        least_colours: The fewest distinct colours it must hold.
        least_inked: The smallest share of its pixels (0 to 1) that must differ
            from its most common colour.

    Raises:
        AssertionError: it holds fewer colours, or less ink, than that.
    """
    with Image.open(io.BytesIO(png)) as opened:
        picture = opened.convert("RGB")
    pixels = picture.width * picture.height
    colours = picture.getcolors(maxcolors=pixels)
    assert colours is not None  # maxcolors is the number of pixels: never exceeded
    background = max(count for count, _ in colours)
    inked = 1 - background / pixels
    assert len(colours) >= least_colours, (
        f"the picture holds {len(colours)} colour(s), expected at least {least_colours}"
    )
    assert inked >= least_inked, (
        f"{inked:.2%} of the picture differs from its background, "
        f"expected at least {least_inked:.2%}"
    )
