import { CALC_MAX_ROWS, type CalcTreeNode } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { addRowAfter, canAddRow, canDeleteRow, columnWidths, deleteRow, findTool, firstTool, resultFileName, setCell, submissionRows, tableFromExample } from './calc-table';

const columns = [
  { label: '组别', value: 'group' },
  { label: '阳性例数', value: 'pos' },
];

describe('calculation table (spec 01 §5)', () => {
  it('opens with the example rows, every column filled in', () => {
    const t = tableFromExample(columns, [{ group: 'A', pos: 3 }, { group: 'B' }]);
    expect(submissionRows(t)).toEqual([
      { group: 'A', pos: 3 },
      { group: 'B', pos: '' },
    ]);
    expect(tableFromExample(columns, []).rows).toHaveLength(1);
    expect(tableFromExample([], []).rows).toHaveLength(0);
  });

  it('never deletes the last remaining row', () => {
    let t = tableFromExample(columns, [{ group: 'A' }, { group: 'B' }, { group: 'C' }]);
    expect(canDeleteRow(t)).toBe(true);
    t = deleteRow(t, t.rows[1]!.key);
    expect(submissionRows(t).map((r) => r.group)).toEqual(['A', 'C']);
    t = deleteRow(t, t.rows[0]!.key);
    expect(canDeleteRow(t)).toBe(false);
    const last = deleteRow(t, t.rows[0]!.key);
    expect(last).toBe(t);
    expect(submissionRows(last)).toEqual([{ group: 'C', pos: '' }]);
  });

  it('adds an empty row after the given one with a fresh key, and edits one cell', () => {
    let t = tableFromExample(columns, [{ group: 'A', pos: 1 }]);
    t = addRowAfter(t, t.rows[0]!.key);
    expect(t.rows).toHaveLength(2);
    expect(new Set(t.rows.map((r) => r.key)).size).toBe(2);
    t = setCell(t, t.rows[1]!.key, 'pos', '7');
    expect(submissionRows(t)).toEqual([
      { group: 'A', pos: 1 },
      { group: '', pos: '7' },
    ]);
  });

  it(`stops adding at ${CALC_MAX_ROWS} rows`, () => {
    let t = tableFromExample(columns, Array.from({ length: CALC_MAX_ROWS }, () => ({ group: 'x' })));
    expect(canAddRow(t)).toBe(false);
    expect(addRowAfter(t, t.rows.at(-1)!.key)).toBe(t);
    t = deleteRow(t, t.rows[0]!.key);
    expect(canAddRow(t)).toBe(true);
  });

  it('sizes columns at 14 px a character, between 80 and 300', () => {
    expect(columnWidths([{ label: 'n', value: 'a' }, { label: '阳性例数', value: 'b' }, { label: '一二三四五六七', value: 'c' }, { label: '长'.repeat(30), value: 'd' }])).toEqual([80, 80, 98, 300]);
  });
});

describe('tool tree and result name', () => {
  const leaf = (id: number, name: string): CalcTreeNode => ({ id, name, label: name, children: [], clickable: true, params: [] });
  const tree: CalcTreeNode[] = [
    { id: 49001, name: '空类别', label: 'c0', children: [], clickable: false, params: [] },
    { id: 49002, name: '样本量', label: 'c1', clickable: false, params: [], children: [{ id: 49003, name: '均数', label: 'c2', clickable: false, params: [], children: [leaf(4001, '均数比较的样本量')] }] },
    leaf(4002, '诊断试验'),
  ];

  it('chooses the first clickable tool, depth first, never a category', () => {
    expect(firstTool(tree)?.id).toBe(4001);
    expect(firstTool([tree[0]!])).toBeUndefined();
    expect(findTool(tree, 4002)?.name).toBe('诊断试验');
    expect(findTool(tree, 49002)).toBeUndefined();
  });

  it('saves a result under the name at the end of its address', () => {
    expect(resultFileName('/calc-results/abc/%E8%AF%8A%E6%96%AD%E8%AF%95%E9%AA%8C.html')).toBe('诊断试验.html');
    expect(resultFileName('/calc-results/abc/r.html?x=1')).toBe('r.html');
  });
});
