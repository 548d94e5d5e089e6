"""Server-rendered SVG charts: stacked bars (facts by category over time, messages queued and
processed) and lines (shown, stale, restated facts). No script, no library: every label is
escaped, colours are presentation attributes (the Content-Security-Policy allows no inline style)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from markupsafe import Markup, escape

PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#1f77b4", "#8c564b")
W, H, LEFT, BOTTOM, TOP = 640, 220, 40, 30, 10


def _label(at: datetime | str) -> str:
    return at.strftime("%d %b") if isinstance(at, datetime) else str(at)


def _frame(title: str, top: float, body: list[str], legend: Sequence[tuple[str, str]], labels: list[str]) -> Markup:
    plot_h = H - BOTTOM - TOP
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H + 20 * ((len(legend) + 3) // 4)}"'
             f' role="img" aria-label="{escape(title)}" class="chart">', f"<title>{escape(title)}</title>",
             f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{W}" y2="{TOP + plot_h}" stroke="#888"/>',
             f'<text x="{LEFT - 4}" y="{TOP + 8}" text-anchor="end" font-size="10">{escape(f"{top:g}")}</text>',
             f'<text x="{LEFT - 4}" y="{TOP + plot_h}" text-anchor="end" font-size="10">0</text>', *body]
    step = max(1, len(labels) // 8)
    slot = (W - LEFT) / max(len(labels), 1)
    for i, label in enumerate(labels):
        if i % step == 0:
            parts.append(f'<text x="{LEFT + slot * (i + 0.5):.1f}" y="{H - 12}" text-anchor="middle"'
                         f' font-size="10">{escape(label)}</text>')
    for i, (name, colour) in enumerate(legend):
        x, y = LEFT + (i % 4) * 150, H + 4 + 20 * (i // 4)
        parts.append(f'<rect x="{x}" y="{y}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{x + 14}" y="{y + 9}" font-size="11">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def stacked_bars(title: str, rows: Sequence[Mapping[str, object]], *, key: str = "category",
                 value: str = "n") -> Markup:
    """Bars per time bucket (``row["at"]``), stacked by ``row[key]``."""
    buckets: dict[object, dict[str, float]] = {}
    names: list[str] = []
    for row in rows:
        name = str(row.get(key, ""))
        if name not in names:
            names.append(name)
        buckets.setdefault(row["at"], {})[name] = float(row[value] or 0)  # type: ignore[arg-type]
    if not buckets:
        return Markup(f'<p class="empty">{escape(title)}: nothing in this window</p>')
    ats = sorted(buckets)  # type: ignore[type-var]
    top = max(sum(b.values()) for b in buckets.values()) or 1
    plot_h, slot = H - BOTTOM - TOP, (W - LEFT) / len(ats)
    colours = {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(names)}
    body = []
    for i, at in enumerate(ats):
        y = TOP + plot_h
        for name in names:
            v = buckets[at].get(name, 0)
            if not v:
                continue
            h = plot_h * v / top
            y -= h
            body.append(f'<rect x="{LEFT + slot * i + 2:.1f}" y="{y:.1f}" width="{max(slot - 4, 1):.1f}"'
                        f' height="{h:.1f}" fill="{colours[name]}"><title>{escape(name)}: {v:g}</title></rect>')
    return _frame(title, top, body, [(n, colours[n]) for n in names], [_label(a) for a in ats])  # type: ignore[arg-type]


def lines(title: str, rows: Sequence[Mapping[str, object]], series: Sequence[str]) -> Markup:
    """One line per column in ``series`` over the time buckets ``row["at"]``."""
    if not rows:
        return Markup(f'<p class="empty">{escape(title)}: nothing in this window</p>')
    top = max(float(r[s] or 0) for r in rows for s in series) or 1  # type: ignore[arg-type]
    plot_h, slot = H - BOTTOM - TOP, (W - LEFT) / len(rows)
    body = []
    legend = []
    for j, name in enumerate(series):
        colour = PALETTE[j % len(PALETTE)]
        legend.append((name, colour))
        points = " ".join(f"{LEFT + slot * (i + 0.5):.1f},{TOP + plot_h - plot_h * float(r[name] or 0) / top:.1f}"  # type: ignore[arg-type]
                          for i, r in enumerate(rows))
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for i, r in enumerate(rows):
            y = TOP + plot_h - plot_h * float(r[name] or 0) / top  # type: ignore[arg-type]
            body.append(f'<circle cx="{LEFT + slot * (i + 0.5):.1f}" cy="{y:.1f}" r="3" fill="{colour}">'
                        f'<title>{escape(name)}: {escape(str(r[name] or 0))}</title></circle>')
    return _frame(title, top, body, legend, [_label(r["at"]) for r in rows])  # type: ignore[arg-type]


def bars(title: str, values: Mapping[str, float]) -> Markup:
    """Horizontal bars, one per name (statuses, the temperature pyramid)."""
    if not values:
        return Markup(f'<p class="empty">{escape(title)}: nothing yet</p>')
    top = max(values.values()) or 1
    row_h = 22
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {row_h * len(values) + 10}" role="img"'
             f' aria-label="{escape(title)}" class="chart"><title>{escape(title)}</title>']
    for i, (name, v) in enumerate(values.items()):
        w = (W - 200) * v / top
        parts.append(f'<text x="110" y="{i * row_h + 16}" text-anchor="end" font-size="12">{escape(name)}</text>'
                     f'<rect x="116" y="{i * row_h + 4}" width="{w:.1f}" height="16" fill="{PALETTE[i % len(PALETTE)]}"/>'
                     f'<text x="{120 + w:.1f}" y="{i * row_h + 16}" font-size="12">{escape(f"{v:g}")}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
