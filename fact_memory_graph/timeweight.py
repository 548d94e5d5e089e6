"""Time-weight curves for current facts (durable facts always weigh 1).

The seed's default is ``exp(-age_days / 14)``. Its prose says "14 d ~ 50 %, 30 d ~ 14 %", which
does not match that formula: ``exp(-1) = 0.37`` and ``exp(-30/14) = 0.12``. We implement the
formula as the default (:class:`ExponentialDecay` with ``tau_days=14``); if you want the prose's
"half weight at 14 days", use ``ExponentialDecay.from_half_life(14)`` (then 30 d gives 0.23).
Every curve is strictly positive: there is no hard cutoff.
"""

from __future__ import annotations

import bisect
import math

from pydantic import BaseModel, Field, model_validator


class ExponentialDecay(BaseModel):
    """``exp(-age_days / tau_days)``; the default with ``tau_days=14``."""

    tau_days: float = Field(default=14.0, gt=0)

    @classmethod
    def from_half_life(cls, half_life_days: float) -> ExponentialDecay:
        """The curve that reaches 0.5 at ``half_life_days``."""
        return cls(tau_days=half_life_days / math.log(2))

    def __call__(self, age_days: float) -> float:
        return math.exp(-max(age_days, 0.0) / self.tau_days)


class PiecewiseLinearDecay(BaseModel):
    """Linear between ``(age_days, weight)`` points; the last weight holds after the last point.

    Weights must be positive (no hard cutoff), ages strictly increasing and start at 0.
    """

    points: list[tuple[float, float]] = Field(
        default_factory=lambda: [(0.0, 1.0), (7.0, 0.8), (14.0, 0.5), (30.0, 0.15), (90.0, 0.05)]
    )

    @model_validator(mode="after")
    def _check(self) -> PiecewiseLinearDecay:
        ages = [a for a, _ in self.points]
        if not self.points or ages[0] != 0 or any(b <= a for a, b in zip(ages, ages[1:], strict=False)):
            raise ValueError("points must start at age 0 and have strictly increasing ages")
        if any(not 0 < w <= 1 for _, w in self.points):
            raise ValueError("weights must be in (0, 1]: a zero weight would be a hard cutoff")
        return self

    def __call__(self, age_days: float) -> float:
        age = max(age_days, 0.0)
        ages = [a for a, _ in self.points]
        i = bisect.bisect_right(ages, age)
        if i >= len(self.points):
            return self.points[-1][1]
        (a0, w0), (a1, w1) = self.points[i - 1], self.points[i]
        return w0 + (w1 - w0) * (age - a0) / (a1 - a0)


class SigmoidDecay(BaseModel):
    """A logistic drop centred on ``midpoint_days``, with a floor so it never reaches zero."""

    midpoint_days: float = Field(default=14.0, gt=0)
    steepness: float = Field(default=0.35, gt=0)
    floor: float = Field(default=0.02, gt=0, lt=1)

    def __call__(self, age_days: float) -> float:
        age = max(age_days, 0.0)
        x = min(self.steepness * (age - self.midpoint_days), 700.0)  # exp overflows past ~709
        raw = 1.0 / (1.0 + math.exp(x))
        at_zero = 1.0 / (1.0 + math.exp(-self.steepness * self.midpoint_days))
        return self.floor + (1.0 - self.floor) * raw / at_zero

