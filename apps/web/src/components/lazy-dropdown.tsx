// An antd Dropdown (opened by a click, or also by hovering) whose code loads on first use: the header's user menu, narrow
// menu button and "…" entry show on every public page, while their menus open rarely (issue 25
// item 5).
import type { DropdownProps, MenuProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

const load = () => import('./dropdown-impl');
const Dropdown = lazy(load);

export interface LazyDropdownProps {
  menu: MenuProps;
  placement?: DropdownProps['placement'];
  /** Opens on hover, and on a click (as antd's horizontal menu opens its "…" entry). */
  openOnHover?: boolean;
  /** The trigger: one element accepting onClick, onMouseEnter and onFocus. */
  children: ReactElement<{ onClick?: () => void; onMouseEnter?: () => void; onFocus?: () => void }>;
}

export function LazyDropdown({ menu, placement, openOnHover, children }: LazyDropdownProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!used) {
    const start = () => {
      setUsed(true);
      setOpen(true);
    };
    // Pointing at the trigger starts the download, so the menu is usually there by the click.
    return cloneElement(children, {
      onMouseEnter: () => (openOnHover ? start() : void load()),
      onFocus: () => void load(),
      onClick: start,
    });
  }
  const onClick: MenuProps['onClick'] = (info) => {
    setOpen(false);
    menu.onClick?.(info);
  };
  // Hovering opens and leaving closes; a click then only opens (antd's click trigger would toggle,
  // closing what the hover just opened), which also lets the keyboard's Enter open it.
  const trigger = openOnHover ? cloneElement(children, { onClick: () => setOpen(true) }) : children;
  return (
    <Suspense fallback={children}>
      <Dropdown menu={{ ...menu, onClick }} placement={placement} trigger={openOnHover ? ['hover'] : ['click']} open={open} onOpenChange={setOpen}>
        {trigger}
      </Dropdown>
    </Suspense>
  );
}
