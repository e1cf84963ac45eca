// A click-triggered antd Dropdown whose code loads on first use: the header's user menu and narrow
// menu button show on every public page, while their menus open rarely (issue 25 item 5).
import type { DropdownProps, MenuProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

const load = () => import('./dropdown-impl');
const Dropdown = lazy(load);

export interface LazyDropdownProps {
  menu: MenuProps;
  placement?: DropdownProps['placement'];
  /** The trigger: one element accepting onClick, onMouseEnter and onFocus. */
  children: ReactElement<{ onClick?: () => void; onMouseEnter?: () => void; onFocus?: () => void }>;
}

export function LazyDropdown({ menu, placement, children }: LazyDropdownProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!used) {
    // Pointing at the trigger starts the download, so the menu is usually there by the click.
    return cloneElement(children, {
      onMouseEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => {
        setUsed(true);
        setOpen(true);
      },
    });
  }
  const onClick: MenuProps['onClick'] = (info) => {
    setOpen(false);
    menu.onClick?.(info);
  };
  return (
    <Suspense fallback={children}>
      <Dropdown menu={{ ...menu, onClick }} placement={placement} trigger={['click']} open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </Suspense>
  );
}
