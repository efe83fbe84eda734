"""The shared picture check (tests/_pictures.py) tells a blank picture from a drawn one."""

import io

import pytest
from PIL import Image, ImageDraw

from ._pictures import assert_not_blank


def _png(picture: Image.Image) -> bytes:
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()


def _drawn() -> Image.Image:
    """A white picture with a few coloured bars and a grey frame."""
    picture = Image.new("RGB", (200, 100), "white")
    draw = ImageDraw.Draw(picture)
    for i in range(20):
        draw.rectangle(
            (10 * i, 90 - 4 * i, 10 * i + 8, 99), fill=(12 * i, 90, 250 - 10 * i)
        )
    draw.rectangle((0, 0, 199, 99), outline=(128, 128, 128))
    return picture


def test_a_blank_white_picture_fails() -> None:
    """A white PNG is blank: too few colours."""
    blank = _png(Image.new("RGB", (200, 100), "white"))

    with pytest.raises(AssertionError, match=r"holds 1 colour\(s\), expected at least"):
        assert_not_blank(blank)


def test_a_speck_on_white_fails_for_ink() -> None:
    """Many colours on a few pixels is still blank: too little ink."""
    picture = Image.new("RGB", (200, 100), "white")
    for i in range(20):
        picture.putpixel((i, 0), (10 * i, 0, 0))

    with pytest.raises(AssertionError, match="differs from its background"):
        assert_not_blank(_png(picture))


def test_a_drawn_picture_passes() -> None:
    """Bars in many colours over a good share of the picture pass."""
    assert_not_blank(_png(_drawn()))


def test_the_thresholds_are_the_callers() -> None:
    """Asking for more colours than a drawn picture holds fails it."""
    with pytest.raises(AssertionError, match="expected at least 10000"):
        assert_not_blank(_png(_drawn()), least_colours=10_000)
