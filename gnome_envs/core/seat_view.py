"""A base for the games' per-seat observation views: a buffer kept with a view of its memory."""

from __future__ import annotations

from typing import Any, ClassVar


class BufferView:
    """A ``__slots__`` object holding a buffer ``obs`` and, in slot ``VIEW_SLOT``, a view of that
    buffer made by ``view_of`` (a memoryview for cheap single writes, or a numpy array over it).

    The view is left out of pickles and deep copies and made again from the restored buffer: a
    memoryview does not pickle, and a copied view would still show the original's memory.
    """

    __slots__ = ()
    VIEW_SLOT: ClassVar[str]

    @staticmethod
    def view_of(buffer: Any) -> Any:
        """The view of ``buffer`` kept in ``VIEW_SLOT``."""
        raise NotImplementedError

    def __getstate__(self) -> dict[str, Any]:
        """Every slot but the view."""
        return {name: getattr(self, name) for name in self.__slots__ if name != self.VIEW_SLOT}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the slots (pickle, deepcopy) and view the restored buffer again."""
        for name, value in state.items():
            setattr(self, name, value)
        setattr(self, self.VIEW_SLOT, self.view_of(self.obs))


__all__ = ["BufferView"]
