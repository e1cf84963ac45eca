// The tool tree of /calculate/index: categories fold and unfold but cannot be chosen; tools can.
import type { CalcTreeNode } from '@labstat/contracts';
import { Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';

const toData = (nodes: readonly CalcTreeNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: <span data-testid={n.clickable ? `calc-tool-${n.id}` : undefined}>{n.name}</span>,
    selectable: n.clickable,
    isLeaf: n.clickable,
    children: toData(n.children),
  }));

export function CalcToolTree({ nodes, selected, onSelect }: { nodes: readonly CalcTreeNode[]; selected: number | null; onSelect: (id: number) => void }) {
  return (
    <Tree
      blockNode
      showLine
      defaultExpandAll
      treeData={toData(nodes)}
      selectedKeys={selected === null ? [] : [selected]}
      // A click on the chosen tool must not unselect it.
      onSelect={(keys) => keys.length > 0 && onSelect(Number(keys[0]))}
      data-testid="calc-tree"
    />
  );
}
