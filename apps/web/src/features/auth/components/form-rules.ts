// antd form rules carrying the messages of spec 02 §5 (the server checks the same, see contracts).
import { AccountMessages, PASSWORD_MIN, passwordEffectiveLength } from '@labstat/contracts';
import type { FormRule } from 'antd';

export const phoneRules: FormRule[] = [
  { required: true, whitespace: true, message: AccountMessages.phoneRequired },
  { pattern: /^\s*1[3-9]\d{9}\s*$/, message: AccountMessages.phoneInvalid },
];
export const codeRules: FormRule[] = [{ required: true, whitespace: true, message: AccountMessages.codeRequired }];
export const passwordRules: FormRule[] = [
  { required: true, message: AccountMessages.passwordShort },
  { min: PASSWORD_MIN, message: AccountMessages.passwordShort },
];
/** A password being set (register, recover): also refuses padding such as six spaces, as the server does. */
export const newPasswordRules: FormRule[] = [
  ...passwordRules,
  {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value.length < PASSWORD_MIN || passwordEffectiveLength(value) >= PASSWORD_MIN
        ? Promise.resolve()
        : Promise.reject(new Error(AccountMessages.passwordBlank)),
  },
];
export const checkPassRules: FormRule[] = [
  ...passwordRules,
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(AccountMessages.passwordMismatch)),
  }),
];
