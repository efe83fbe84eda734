"""The exceptions lacerda_bot raises.

Expected game outcomes (an impossible action, a lost gain, no Rover target) are
decisions, never exceptions. Exceptions are for input that breaks the rules or
misuse of the API::

    LacerdaBotError
    ├── InvalidValueError (ValueError)      a value given to the library is out of range
    ├── InvalidHostStateError (ValueError)  the host's view breaks a rule's precondition
    ├── SerializationError (ValueError)     a JSON document is corrupt, truncated or of
    │                                       another format version
    ├── AnswerMismatchError (ValueError)    a recorded table answer does not fit the
    │                                       question asked at its place
    ├── IllegalDecisionError (ValueError)   a decision contradicts the board it is
    │                                       applied to (``testing.apply``)
    ├── ClusterError (RuntimeError)         a batch cannot run on Ray: the extra is
    │                                       missing, or the cluster cannot be reached
    └── WebBuildError                       the web companion could not be built

Every error names the field (a dotted path such as ``buildings[3].hex``) and
what was expected. ``str()`` of an :class:`InvalidValueError` or an
:class:`InvalidHostStateError` shows the refused value as Python writes it
(``Hex(q=40, r=40)``, ``True``, a ``list`` apart from a ``tuple``), for the
Python caller who passed it; the ``serve`` protocol words the same error in
JSON terms (``{"q": 40, "r": 40}``, ``true``) from the typed attributes
``field``, ``expected`` and ``value``. A :class:`SerializationError` is about
a JSON document, so its message is in JSON terms for everyone.
"""

from typing import final

__all__ = [
    "AnswerMismatchError",
    "ClusterError",
    "IllegalDecisionError",
    "InvalidHostStateError",
    "InvalidValueError",
    "LacerdaBotError",
    "SerializationError",
    "WebBuildError",
]


class LacerdaBotError(Exception):
    """Base class of every error raised by lacerda_bot."""


def _message(field: str, expected: str, got: object) -> str:
    return f"{field}: expected {expected}, got {got!r}"


@final
class InvalidValueError(LacerdaBotError, ValueError):
    """A value passed to the library (seed, option, field) is not allowed.

    Attributes:
        field: the dotted path of the bad value.
        expected: what the library expected there.
        value: the value refused, as given.
    """

    def __init__(self, field: str, expected: str, got: object) -> None:
        """Build the error from the field, the expectation and the bad value."""
        super().__init__(_message(field, expected, got))
        self.field = field
        self.expected = expected
        self.value = got


@final
class InvalidHostStateError(LacerdaBotError, ValueError):
    """The host's view breaks a precondition of the rules.

    Raised before any decision is made, so no partial result exists.

    Attributes:
        field: the dotted path of the bad item in the view, its index that of
            the host's own collection (``buildings[3].id``; a set's, in
            canonical order).
        expected: what the rules require there.
        value: the value refused, as given.
    """

    def __init__(self, field: str, expected: str, got: object) -> None:
        """Build the error from the field, the expectation and the bad value."""
        super().__init__(_message(field, expected, got))
        self.field = field
        self.expected = expected
        self.value = got


@final
class SerializationError(LacerdaBotError, ValueError):
    """A JSON document cannot be loaded; nothing half-built is returned.

    Attributes:
        path: where in the document the problem is (``$`` is the root).
    """

    def __init__(self, path: str, problem: str) -> None:
        """Build the error from the document path and what is wrong there."""
        super().__init__(f"{path}: {problem}")
        self.path = path


@final
class AnswerMismatchError(LacerdaBotError, ValueError):
    """A recorded table answer does not fit the question asked at its place.

    Raised when a step of :mod:`lacerda_bot.table` is replayed from a corrupt
    or foreign answer log.

    Attributes:
        index: the answer's position in the step.
    """

    def __init__(self, index: int, problem: str) -> None:
        """Build the error from the answer's position and what is wrong."""
        super().__init__(problem)
        self.index = index


@final
class IllegalDecisionError(LacerdaBotError, ValueError):
    """A decision contradicts the board it is applied to; it was not carried out.

    Raised by :func:`lacerda_bot.testing.apply` before the decision takes
    effect. Applying returns a new board, so the board given is unchanged and
    nothing is lost.

    Attributes:
        index: the decision's position in the decisions given (from 0).
        decision: the decision refused.
        decision_type: its class name (its JSON tag), such as ``"TakeContract"``.
        reason: why it cannot be carried out, as
            :func:`~lacerda_bot.testing.why_illegal` words it.
    """

    def __init__(self, index: int, decision: object, reason: str) -> None:
        """Build the error from the decision's index, the decision and the reason."""
        decision_type = type(decision).__name__
        super().__init__(f"decisions[{index}] ({decision_type}): {reason}")
        self.index = index
        self.decision = decision
        self.decision_type = decision_type
        self.reason = reason


class WebBuildError(LacerdaBotError):
    """The web companion could not be built (``lacerda-bot web``).

    Its runtime is missing, cannot be fetched, or does not match what was pinned.
    """


@final
class ClusterError(LacerdaBotError, RuntimeError):
    """A batch of reference games cannot run on Ray (``lacerda-bot simulate --ray``).

    The ``ray`` extra is not installed, the cluster's address cannot be reached,
    a task of the batch was lost, or the cluster's workers run another version of
    lacerda_bot. The message says which.
    """
