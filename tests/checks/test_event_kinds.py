"""The checks and the engine compare an event's exact type (``type(e) is Show``, ``type(e) in KINDS``) where
``isinstance`` against a pydantic model would cost a call per class on every event of every hand: that is the same
test only while no event model has a subclass, which this holds."""

from __future__ import annotations

import typing

from pydantic import BaseModel

from handlog.events import Event


def _kinds() -> list[type[BaseModel]]:
    union = typing.get_args(Event)[0]  # Annotated[A | B | …, discriminator]
    return [k for k in typing.get_args(union) if isinstance(k, type)]


def test_every_event_kind_is_final() -> None:
    kinds = _kinds()
    assert len(kinds) > 20  # the union was found, not an empty list
    with_subclasses = {k.__name__: [s.__name__ for s in k.__subclasses__()] for k in kinds if k.__subclasses__()}
    assert with_subclasses == {}
