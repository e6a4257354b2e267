"""Tsume-shogi (shogi mate problem) solver: the shortest mate, proven; composed problems checked.

>>> import tsume
>>> r = tsume.solve("3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1")
>>> r.result, r.length, r.line
('mate', 5, ['G*5a', '6a5a', '2d5a+', '4a5a', 'G*5b'])
"""

import os
from typing import Any, Dict, Iterable, Iterator, List, Literal, Optional, Protocol, Sequence, Tuple, Union, final

__all__ = [
    "__version__",
    "CheckResult",
    "InputError",
    "InternalError",
    "SolveResult",
    "Solver",
    "Verification",
    "VerifyResult",
    "check",
    "solve",
    "verify",
]

__version__: str

class _HasSfen(Protocol):
    def sfen(self) -> str: ...

_Position = Union[str, "os.PathLike[str]", _HasSfen]
"""An SFEN in any form the command line takes, a path to a problem file, or a cshogi Board."""

_Rules = Literal["tsume", "game"]
_Futile = Literal["any", "checker"]
_Expected = Union[int, str, None]
_Row = Union[
    str,
    Tuple[str, str],
    Tuple[str, str, _Expected],
    Dict[str, Any],
    "os.PathLike[str]",
]

class InputError(ValueError):
    """Malformed or illegal input: a problem, a line or a collection that cannot be read.

    ``str(e)`` is the command line's message (``bad.kif:5:4: unknown piece '象'``).

    >>> try:
    ...     tsume.solve("4k4/9/4P4/9/9/9/9/9/9 b X 1")
    ... except tsume.InputError as e:
    ...     print(e.line, e.column, e.fault)
    1 25 unexpected 'X' in the hands
    """

    line: Optional[int]
    """1-based line of the fault (SFEN text given directly is line 1); None if not placed."""
    column: Optional[int]
    """1-based column of the fault; None if not placed."""
    fault: str
    """What is wrong, without its place."""

class InternalError(RuntimeError):
    """The solver contradicted itself (a line failed its replay) or failed: a bug to report."""

@final
class SolveResult:
    """The answer of :func:`solve` or :meth:`Solver.solve`."""

    result: Literal["mate", "nomate", "unknown"]
    """``mate`` (proven shortest), ``nomate`` (proven) or ``unknown`` (a limit stopped it)."""
    length: Optional[int]
    """The mate's length in plies as the rules count them; None unless a mate."""
    minimax_length: Optional[int]
    """The attacker's shortest mate against the longest defence; None unless a mate."""
    line: List[str]
    """The main line in USI, every ply played; for unknown, a mate found if any."""
    line_ja: List[str]
    """The main line in 日本式."""
    futile_plies: List[int]
    """1-based plies of ``line`` that are futile interpositions."""
    pieces_left: str
    """The attacker's pieces in hand at the end of the line, SFEN letters ("" for none)."""
    proven_shortest: bool
    """The answer is a mate proven shortest."""
    mate_at_most: Optional[int]
    """For unknown: a mate of at most this many plies was found, not proven shortest."""
    sfen: str
    """The problem as solved (after the hand convention), canonical SFEN."""
    rules: _Rules
    nodes: int
    """Nodes searched."""
    seconds: float
    """Search time in seconds."""
    warning: Optional[str]
    """A record whose solution has a faulty move: the fault."""
    json: str
    """The object ``tsume solve --json`` prints, as JSON text."""
    def to_dict(self) -> Dict[str, Any]:
        """The answer as a dict, field for field ``tsume solve --json`` (docs/json.md)."""

def solve(
    position: _Position,
    *,
    rules: _Rules = "tsume",
    futile: _Futile = "any",
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    hash_mb: int = 256,
    threads: int = 1,
    literal_hands: bool = False,
) -> SolveResult:
    """The shortest mate of one problem, proven, as ``tsume solve`` finds it.

    The search runs with the GIL released; Ctrl-C stops it (KeyboardInterrupt). Malformed
    input raises :class:`InputError`. Each call has a table of its own: for many problems,
    use a :class:`Solver`.

    >>> r = tsume.solve("3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1")
    >>> r.result, r.length, r.proven_shortest
    ('mate', 5, True)
    """

@final
class Solver:
    """A solver that keeps its table from one problem to the next.

    >>> solver = tsume.Solver(hash_mb=64)
    >>> [solver.solve(p).length for p in ["4k4/9/4P4/9/9/9/9/9/9 b G 1",
    ...                                   "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1"]]
    [1, 5]
    """

    rules: _Rules
    hash_mb: int
    threads: int
    def __new__(
        cls,
        *,
        rules: _Rules = "tsume",
        futile: _Futile = "any",
        hash_mb: int = 256,
        threads: int = 1,
    ) -> "Solver": ...
    def solve(
        self,
        position: _Position,
        *,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        literal_hands: bool = False,
    ) -> SolveResult:
        """The shortest mate of ``position``, as :func:`solve` gives it, on this solver's table."""

@final
class CheckResult:
    """The verdict of :func:`check` on a composed problem, and its findings."""

    verdict: Literal["sound", "flawed", "undecided"]
    line_source: Literal["given", "solver"]
    length: Optional[int]
    line: List[str]
    line_ja: List[str]
    pieces_left: str
    sfen: str
    searches: int
    nodes: int
    seconds: float
    json: str
    @property
    def findings(self) -> List[Dict[str, Any]]:
        """The findings (``kind``, ``name``, ``class``, ``ply``, ``line``, ``message``, …)."""
    def to_dict(self) -> Dict[str, Any]:
        """The check as a dict, field for field ``tsume check --json``."""

def check(
    position: _Position,
    line: Union[str, Sequence[str], None] = None,
    *,
    rules: _Rules = "tsume",
    futile: _Futile = "any",
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    total_time: Optional[float] = None,
    total_nodes: Optional[int] = None,
    hash_mb: int = 64,
    threads: int = 1,
    literal_hands: bool = False,
) -> CheckResult:
    """Checks a composed problem against its intended solution, as ``tsume check`` does.

    >>> c = tsume.check("3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1",
    ...                 line="G*5a 6a5a 2d5a+ 4a5a G*5b")
    >>> c.verdict, [f["name"] for f in c.findings]
    ('flawed', ['余詰'])
    """

@final
class VerifyResult:
    """One row's answer from :func:`verify`: a record of ``tsume verify --report``."""

    id: str
    source: str
    sfen: str
    expected: Optional[str]
    status: Literal["ok", "mismatch", "unknown", "error"]
    result: Optional[Literal["mate", "nomate", "unknown"]]
    length: Optional[int]
    mate_at_most: Optional[int]
    line: List[str]
    nodes: int
    seconds: float
    message: Optional[str]
    warning: Optional[str]
    json: str
    def to_dict(self) -> Dict[str, Any]:
        """The record as a dict, field for field ``tsume verify --report``."""

@final
class Verification(Iterator[VerifyResult]):
    """The running :func:`verify`: one :class:`VerifyResult` a row, as each finishes."""

    def __iter__(self) -> "Verification": ...
    def __next__(self) -> VerifyResult: ...
    def __len__(self) -> int:
        """The number of rows."""
    def close(self) -> None:
        """Stops the searches."""

def verify(
    rows: Union[str, "os.PathLike[str]", Iterable[_Row]],
    jobs: Optional[int] = None,
    *,
    rules: _Rules = "tsume",
    futile: _Futile = "any",
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    hash_mb: int = 256,
    length_column: Optional[str] = None,
) -> Verification:
    """Solves many problems in parallel and compares each answer with the expected one.

    >>> rows = [("m1", "4k4/9/4P4/9/9/9/9/9/9 b G 1", 1), ("bad", "4k4/9 b G 1", None)]
    >>> sorted((r.id, r.status) for r in tsume.verify(rows, jobs=2))
    [('bad', 'error'), ('m1', 'ok')]
    """
