// Password input with the 'Caps lock is On' tooltip of spec 02 §2.
import { Input, Tooltip } from 'antd';
import type { PasswordProps } from 'antd/es/input/Password';
import { useState, type KeyboardEvent } from 'react';

export function PasswordInput(props: PasswordProps) {
  const [caps, setCaps] = useState(false);
  const check = (e: KeyboardEvent<HTMLInputElement>) => {
    const k = e.key;
    setCaps(e.getModifierState?.('CapsLock') || (k.length === 1 && k >= 'A' && k <= 'Z'));
  };
  return (
    <Tooltip title="Caps lock is On" open={caps} placement="right">
      <Input.Password {...props} onKeyUp={check} onBlur={() => setCaps(false)} />
    </Tooltip>
  );
}
