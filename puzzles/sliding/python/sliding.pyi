# The types of plumb.sliding (docs/python.md); tests/python/test_interface.py checks them.
from typing import Any, Callable, Dict, Optional, Tuple, Union

import numpy
import numpy.typing

def sample(size: str = "4x4", count: int = 1000, seed: int = 0, threads: Optional[int] = 0,
           pdb: Optional[str] = None, *,
           goal: str = "blank-last", progress: Optional[Callable[[Dict[str, Any]], Any]] = None
           ) -> Tuple[numpy.ndarray, numpy.ndarray]: ...
def distance(boards: numpy.typing.ArrayLike, *, size: Optional[str] = None,
             threads: Optional[int] = 0, pdb: Optional[str] = None,
             goal: str = "blank-last", progress: Optional[Callable[[Dict[str, Any]], Any]] = None
             ) -> Union[int, numpy.ndarray]: ...
