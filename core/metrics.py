"""Prometheus metrics, computed from the database at scrape time.

Every figure is an aggregate over the database (the apps' collectors, e.g. review/metrics.py,
compute them; docs/architecture.md: the record is the truth), so any web
process answers the same thing and nothing is lost when a process restarts: no in-process
counters, no shared memory directory, no ``prometheus_client``. The text exposition format
(version 0.0.4) is small enough to write here.

The ``*_total`` counters are counts of rows. They only go down if rows are deleted (an admin
deleting a review); Prometheus' ``rate()`` treats that as a counter reset, which is harmless.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclass
class Metric:
    name: str
    kind: str  # counter | gauge | histogram
    help: str
    samples: list[tuple[str, Mapping[str, str], float]] = field(default_factory=list)

    def add(self, value: float, suffix: str = "", **labels: str) -> Metric:
        self.samples.append((suffix, labels, value))
        return self


def escape_label(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def escape_help(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n")


def format_value(value: float) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if math.isnan(value):
        return "NaN"
    return repr(float(value))


def render(metrics: Iterable[Metric]) -> str:
    lines: list[str] = []
    for metric in metrics:
        lines.append(f"# HELP {metric.name} {escape_help(metric.help)}")
        lines.append(f"# TYPE {metric.name} {metric.kind}")
        for suffix, labels, value in metric.samples:
            label_text = ",".join(f'{key}="{escape_label(str(val))}"' for key, val in labels.items())
            name = metric.name + suffix
            lines.append(f"{name}{{{label_text}}} {format_value(value)}" if label_text
                         else f"{name} {format_value(value)}")
    return "\n".join(lines) + "\n"


Collector = Callable[[], list[Metric]]

# Filled by the apps when they are ready (review/apps.py registers review/metrics.py): core sits
# below every app, so it asks them for their figures instead of reading their models.
_collectors: list[Collector] = []


def collector_register(collector: Collector) -> None:
    """Add an app's collector; registering the same one twice is a no-op."""
    if collector not in _collectors:
        _collectors.append(collector)


def collect() -> list[Metric]:
    metrics: list[Metric] = []
    for collector in _collectors:
        metrics.extend(collector())
    return metrics


def exposition() -> str:
    return render(collect())
