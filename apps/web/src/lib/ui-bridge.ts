// Lets code outside React (the API client) show antd messages, modals and notifications that
// follow the app theme; filled in by app/providers.
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';

export const ui: {
  message: MessageInstance | null;
  modal: Omit<ModalStaticFunctions, 'warn'> | null;
  notification: NotificationInstance | null;
} = { message: null, modal: null, notification: null };
