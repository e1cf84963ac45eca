import { maxOf, minOf } from '@labstat/stats';
// Venn layouts in pixels around the diagram's centre: circles for 2–3 sets, ellipses for 4–5 (the
// symmetric arrangements in which every one of the 2^k − 1 regions exists), and where to print each
// region's count: the point of the region farthest from its edges, found on a grid. The 4- and 5-set
// arrangements were searched for the largest smallest region (a 5-set Venn always has tiny regions).

export interface Shape {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  /** Radians, counter-clockwise as ECharts' graphic `rotation`. */
  rotation: number;
}

const deg = Math.PI / 180;

export function vennShapes(k: number): Shape[] {
  if (k === 2) return [-60, 60].map((cx) => ({ cx, cy: 0, rx: 105, ry: 105, rotation: 0 }));
  if (k === 3)
    return [
      [-58, -34],
      [58, -34],
      [0, 62],
    ].map(([cx, cy]) => ({ cx: cx!, cy: cy!, rx: 100, ry: 100, rotation: 0 }));
  if (k === 4)
    return [
      { cx: -40, cy: 15, rx: 150, ry: 70, rotation: -45 * deg },
      { cx: -10, cy: -30, rx: 150, ry: 70, rotation: -45 * deg },
      { cx: 10, cy: -30, rx: 150, ry: 70, rotation: 45 * deg },
      { cx: 40, cy: 15, rx: 150, ry: 70, rotation: 45 * deg },
    ];
  return Array.from({ length: 5 }, (_, i) => {
    const t = (-90 + 72 * i) * deg;
    return { cx: 80 * Math.cos(t), cy: 80 * Math.sin(t), rx: 200, ry: 90, rotation: -(t - 10 * deg) };
  });
}

/** Is (x, y) inside the shape? Screen coordinates: y down; rotation counter-clockwise on screen. */
export function inside(s: Shape, x: number, y: number): boolean {
  const dx = x - s.cx;
  const dy = y - s.cy;
  // Undo the shape's rotation (counter-clockwise on screen is clockwise in y-down maths).
  const c = Math.cos(s.rotation);
  const sn = Math.sin(s.rotation);
  const u = dx * c - dy * sn;
  const v = dx * sn + dy * c;
  return (u / s.rx) ** 2 + (v / s.ry) ** 2 <= 1;
}

/**
 * For every membership pattern (bit i: inside set i) present in the diagram, the grid point farthest
 * from any other pattern (a two-pass chamfer distance), and that distance in pixels.
 */
export function regionAnchors(shapes: readonly Shape[], step = 3): Map<number, { x: number; y: number; room: number }> {
  const xs = shapes.flatMap((s) => [s.cx - Math.max(s.rx, s.ry), s.cx + Math.max(s.rx, s.ry)]);
  const ys = shapes.flatMap((s) => [s.cy - Math.max(s.rx, s.ry), s.cy + Math.max(s.rx, s.ry)]);
  const [x0, x1, y0, y1] = [minOf(xs) - step, maxOf(xs) + step, minOf(ys) - step, maxOf(ys) + step];
  const w = Math.ceil((x1 - x0) / step) + 1;
  const h = Math.ceil((y1 - y0) / step) + 1;
  const pat = new Int32Array(w * h);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      let m = 0;
      shapes.forEach((s, b) => {
        if (inside(s, x0 + i * step, y0 + j * step)) m |= 1 << b;
      });
      pat[j * w + i] = m;
    }
  const dist = new Float64Array(w * h).fill(Infinity);
  const differs = (a: number, b: number) => pat[a] !== pat[b];
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const p = j * w + i;
      if (i === 0 || j === 0 || i === w - 1 || j === h - 1) dist[p] = 0;
      for (const [di, dj] of [[-1, 0], [0, -1], [-1, -1], [1, -1]] as const) {
        const [a, b] = [i + di, j + dj];
        if (a < 0 || b < 0 || a >= w) continue;
        const q = b * w + a;
        const d = differs(p, q) ? 0 : dist[q]! + Math.hypot(di, dj);
        if (d < dist[p]!) dist[p] = d;
      }
    }
  for (let j = h - 1; j >= 0; j--)
    for (let i = w - 1; i >= 0; i--) {
      const p = j * w + i;
      for (const [di, dj] of [[1, 0], [0, 1], [1, 1], [-1, 1]] as const) {
        const [a, b] = [i + di, j + dj];
        if (a < 0 || b >= h || a >= w) continue;
        const q = b * w + a;
        const d = differs(p, q) ? 0 : dist[q]! + Math.hypot(di, dj);
        if (d < dist[p]!) dist[p] = d;
      }
    }
  const best = new Map<number, { x: number; y: number; room: number }>();
  for (let p = 0; p < w * h; p++) {
    const m = pat[p]!;
    if (m === 0) continue;
    const room = dist[p]! * step;
    if (!best.has(m) || room > best.get(m)!.room) best.set(m, { x: x0 + (p % w) * step, y: y0 + Math.floor(p / w) * step, room });
  }
  return best;
}
