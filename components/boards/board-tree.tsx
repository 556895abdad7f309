import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { BoardNode } from '@/lib/contract/boards';
import { t } from '@/lib/i18n';
import { formatNumber } from '../ui/format';
import 'virtual:adscope-english/boards';

interface VisibleBoard {
  node: BoardNode;
  /** The row's own key: a board the service lists in two places is two rows. */
  key: string;
  parentKey: string | null;
  depth: number;
  parentId: string | null;
  setSize: number;
  position: number;
}

/** Boards on screen, in order: children only under expanded parents; with a filter, matches and their ancestors. */
export function visibleBoards(
  nodes: readonly BoardNode[],
  expanded: ReadonlySet<string>,
  filter: string,
): VisibleBoard[] {
  const needle = filter.trim().toLowerCase();
  const matches = (node: BoardNode): boolean =>
    (node.name ?? '').toLowerCase().includes(needle) || node.children.some(matches);
  const walk = (
    list: readonly BoardNode[],
    depth: number,
    parentId: string | null,
    parentKey: string | null,
  ): VisibleBoard[] => {
    const shown = needle ? list.filter(matches) : list;
    return shown.flatMap((node, index) => {
      const key = `${parentKey ?? ''}/${index}:${node.board_id}`;
      const self: VisibleBoard = { node, key, parentKey, depth, parentId, setSize: shown.length, position: index + 1 };
      const open = needle ? node.children.some(matches) : expanded.has(node.board_id);
      return [self, ...(open ? walk(node.children, depth + 1, node.board_id, key) : [])];
    });
  };
  return walk(nodes, 1, null, null);
}

interface BoardTreeProps {
  nodes: readonly BoardNode[];
  expanded: ReadonlySet<string>;
  filter: string;
  onToggle: (id: string, open?: boolean) => void;
  onOpen: (node: BoardNode) => void;
  /** The tree's accessible name. @default "Boards" in the shown language */
  label?: string;
  /** Said when there is no board at all. @default "No boards yet." in the shown language */
  emptyText?: string;
}

/** A WAI-ARIA tree: arrows move, Right/Left expand, collapse or go to the parent, Enter opens a board. */
export function BoardTree({
  nodes,
  expanded,
  filter,
  onToggle,
  onOpen,
  label = t('boards.title'),
  emptyText = t('boards.tree.empty'),
}: BoardTreeProps) {
  const visible = visibleBoards(nodes, expanded, filter);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = visible.find((item) => item.key === activeKey) ?? visible[0];
  const refs = useRef(new Map<string, HTMLLIElement>());
  const focusNext = useRef(false);

  useEffect(() => {
    if (focusNext.current && active) {
      refs.current.get(active.key)?.focus();
      focusNext.current = false;
    }
  });

  function move(key: string | undefined) {
    if (!key) return;
    setActiveKey(key);
    focusNext.current = true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (!active) return;
    const index = visible.indexOf(active);
    const id = active.node.board_id;
    const hasChildren = active.node.children.length > 0;
    const isOpen = filter.trim() ? hasChildren : expanded.has(id);
    switch (event.key) {
      case 'ArrowDown':
        move(visible[index + 1]?.key);
        break;
      case 'ArrowUp':
        move(visible[index - 1]?.key);
        break;
      case 'Home':
        move(visible[0]?.key);
        break;
      case 'End':
        move(visible.at(-1)?.key);
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen) onToggle(id, true);
        else if (hasChildren) move(visible[index + 1]?.key);
        break;
      case 'ArrowLeft':
        if (hasChildren && isOpen && !filter.trim()) onToggle(id, false);
        else move(active.parentKey ?? undefined);
        break;
      case 'Enter':
      case ' ':
        onOpen(active.node);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  if (visible.length === 0)
    return <p className="empty-state">{filter ? t('boards.noMatch', { filter }) : emptyText}</p>;

  return (
    <ul role="tree" aria-label={label} className="board-tree list-plain" onKeyDown={onKeyDown}>
      {visible.map((item) => {
        const id = item.node.board_id;
        const hasChildren = item.node.children.length > 0;
        const isOpen = filter.trim() ? hasChildren : expanded.has(id);
        return (
          <li
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            role="treeitem"
            aria-level={item.depth}
            aria-setsize={item.setSize}
            aria-posinset={item.position}
            aria-expanded={hasChildren ? isOpen : undefined}
            aria-selected={active?.key === item.key}
            tabIndex={active?.key === item.key ? 0 : -1}
            className="board-tree-item"
            style={{ paddingInlineStart: `${(item.depth - 1) * 18 + 4}px` }}
            onClick={() => {
              setActiveKey(item.key);
              onOpen(item.node);
            }}
            onFocus={() => setActiveKey(item.key)}
          >
            <span
              className="board-tree-toggle"
              aria-hidden="true"
              onClick={(event) => {
                if (!hasChildren) return;
                event.stopPropagation();
                onToggle(id);
              }}
            >
              {hasChildren ? (isOpen ? '▾' : '▸') : ''}
            </span>
            <span className="board-tree-name">{item.node.name ?? t('boards.untitled')}</span>
            {/* A count the service did not give is said as nothing, never as 0. */}
            <span
              className="board-tree-count"
              aria-label={item.node.ad_num !== null ? t('boards.count.ads', { count: item.node.ad_num }) : undefined}
            >
              {item.node.ad_num !== null ? formatNumber(item.node.ad_num) : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
