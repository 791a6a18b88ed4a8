import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { cx } from './class-names';

interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface TabsProps {
  items: TabItem[];
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  id?: string;
  className?: string;
}

/**
 * WAI-ARIA tabs (automatic activation). Like antd, a panel once shown stays mounted (hidden) so what
 * the user typed or scrolled in it survives switching back.
 */
export function Tabs({ items, activeKey, defaultActiveKey, onChange, id, className }: TabsProps) {
  const generatedId = useId();
  const baseId = id ?? generatedId;
  const [ownKey, setOwnKey] = useState(defaultActiveKey ?? items[0]?.key);
  const currentKey = activeKey ?? ownKey;
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  if (currentKey !== undefined && !visited.has(currentKey)) setVisited(new Set(visited).add(currentKey));

  const select = (key: string) => {
    if (activeKey === undefined) setOwnKey(key);
    if (key !== currentKey) onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === currentKey);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const key = items[target]?.key;
    if (key === undefined) return;
    select(key);
    tabRefs.current.get(key)?.focus();
  };

  const tabId = (key: string) => `${baseId}-tab-${key}`;
  const panelId = (key: string) => `${baseId}-panel-${key}`;

  return (
    <div className={cx('ui-tabs', className)} id={id}>
      <div role="tablist" className="ui-tabs__nav" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const active = item.key === currentKey;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={active}
              aria-controls={panelId(item.key)}
              tabIndex={active ? 0 : -1}
              className={cx('ui-tabs__tab', active && 'ui-tabs__tab--active')}
              onClick={() => select(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === currentKey || visited.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            aria-labelledby={tabId(item.key)}
            hidden={item.key !== currentKey}
            tabIndex={0}
            className="ui-tabs__panel"
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
